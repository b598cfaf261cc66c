/**
 * The switch from next-auth is a prefix swap (`next-auth/…` → `@gatehousejs/next/…`), so @gatehousejs/next has every
 * entry point next-auth v5 has, and each provider entry point loads that provider only.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { exportMapProblems, frameworkPackage, nodeResolutionProblems } from "../../../core/test/helpers/counterpart-entries.js"
import * as root from "../../src/index.js"

const packageDir = fileURLToPath(new URL("../../", import.meta.url))
const coreProviders = fileURLToPath(new URL("../../../core/src/providers/", import.meta.url))
const ownProviders = join(packageDir, "src", "providers")

const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
  exports: Record<string, string | null | { types: string; default: string }>
}

/** next-auth 5.0.0-beta.32's `exports` and names (test/fixtures/next-auth-5.0.0-beta.32.json). */
const pkg = frameworkPackage("@gatehousejs/next")

/** The modules of core's `providers/` folder that are providers: the ones with a default export (the factory). */
function coreProviderNames(): string[] {
  return coreModules().filter((file) => /^export default /m.test(readFileSync(join(coreProviders, `${file}.ts`), "utf8")))
}

/** Core's `providers/` modules by name (`github`, `oauth`, …), sorted. */
function coreModules(): string[] {
  return readdirSync(coreProviders)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => file.slice(0, -3))
    .sort()
}

/** What `src/providers/<name>.ts` holds: core's provider, re-exported, and nothing else imported. */
function reExport(name: string): string {
  return [
    `// next-auth/providers/${name}, as @gatehousejs/next/providers/${name}: the engine's provider (README: "Imports").`,
    `export * from "@gatehousejs/core/providers/${name}"`,
    `export { default } from "@gatehousejs/core/providers/${name}"`,
    "",
  ].join("\n")
}

/** What `src/providers/<name>.ts` holds for one of core's type modules (`oauth`, `provider-types`): its types. */
function typeReExport(name: string): string {
  return [
    `// next-auth/providers/${name}, as @gatehousejs/next/providers/${name}: types only (README: "Imports").`,
    `export type * from "@gatehousejs/core/providers/${name}"`,
    "",
  ].join("\n")
}

describe("@gatehousejs/next's entry points mirror next-auth's", () => {
  it(`exports every subpath next-auth ${pkg.counterpart.version} exports, each with its types, and no other`, () => {
    expect(pkg.counterpart.version).toBe("5.0.0-beta.32")
    expect(exportMapProblems(pkg)).toEqual([])
  })

  it("Node resolves every subpath next-auth opens, and every provider path, to a module built from a source file", () => {
    expect(nodeResolutionProblems(pkg)).toEqual([])
  })

  it("next-auth v4's ./middleware and ./next resolve, and throw when imported, as in next-auth v5, with the way to migrate", async () => {
    await expect(import("../../src/middleware.js")).rejects.toThrow(/"@gatehousejs\/next\/middleware" is deprecated[\s\S]*export \{ auth as middleware \}/)
    await expect(import("../../src/next.js")).rejects.toThrow(/"@gatehousejs\/next\/next" is deprecated[\s\S]*auth\(\) and handlers/)
    await expect(import("../../src/middleware.js")).rejects.toBeInstanceOf(ReferenceError)
  })

  it("every export target is built from a source file of the package", () => {
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (target === null || typeof target === "string") continue
      const types = /^\.\/dist\/(.+)\.d\.ts$/.exec(target.types)?.[1]
      const code = /^\.\/dist\/(.+)\.js$/.exec(target.default)?.[1]
      expect(code, `${subpath}: types and code from the same module`).toBe(types)
      if (subpath.endsWith("/*")) continue
      const source = join(packageDir, "src", `${types}`)
      expect(existsSync(`${source}.ts`) || existsSync(`${source}.tsx`), `${subpath}: src/${types}.ts exists`).toBe(true)
    }
  })

  it("the root exports next-auth's values: NextAuth (default), AuthError, CredentialsSignin, customFetch", () => {
    expect(typeof root.default).toBe("function")
    expect(root.NextAuth).toBe(root.default)
    expect(new root.CredentialsSignin()).toBeInstanceOf(root.AuthError)
    expect(typeof root.customFetch).toBe("symbol")
  })

  it("has one provider entry point per provider of the engine, each a re-export of that provider alone", () => {
    const own = readdirSync(ownProviders)
      .filter((file) => file !== "index.ts")
      .map((file) => file.replace(/\.ts$/, ""))
    const missing = coreProviderNames().filter((name) => !own.includes(name))
    expect(missing, `a provider of the engine without its packages/next/src/providers/<id>.ts, which must read:\n${reExport("<id>")}`).toEqual([])
    expect(own.filter((name) => !coreModules().includes(name)), "entry points for modules the engine does not have").toEqual([])
    for (const name of own) {
      const expected = coreProviderNames().includes(name) ? reExport(name) : typeReExport(name)
      expect(readFileSync(join(ownProviders, `${name}.ts`), "utf8"), `src/providers/${name}.ts`).toBe(expected)
    }
  })

  it("a provider entry point gives the engine's own factory", async () => {
    const [ours, engine] = await Promise.all([import("../../src/providers/github.js"), import("@gatehousejs/core/providers/github")])
    expect(ours.default).toBe(engine.default)
    const provider = ours.default({ clientId: "id", clientSecret: "secret" })
    expect(provider.id).toBe("github")
  })
})
