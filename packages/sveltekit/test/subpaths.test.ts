/**
 * The switch from `@auth/sveltekit` is the package name: `@gatehousejs/sveltekit` has every entry point it has, and
 * each provider entry point is the engine's provider alone.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { exportMapProblems, frameworkPackage, nodeResolutionProblems } from "../../core/test/helpers/counterpart-entries.js"

const packageDir = fileURLToPath(new URL("../", import.meta.url))
const coreProviders = fileURLToPath(new URL("../../core/src/providers/", import.meta.url))
const ownProviders = join(packageDir, "src", "providers")

const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
  exports: Record<string, string | Record<string, string>>
}

/** `@auth/sveltekit` 1.11.3's `exports` and names (test/fixtures/auth-sveltekit-1.11.3.json). */
const pkg = frameworkPackage("@gatehousejs/sveltekit")

/** The conditions of one of its targets, `import` read as `default` (what ours uses for the same files). */
function conditions(target: unknown): string[] | unknown {
  return target !== null && typeof target === "object" ? Object.keys(target).map((condition) => (condition === "import" ? "default" : condition)) : target
}

/** Core's provider modules that are providers (a default export, the factory), by name. */
function coreProviderNames(): string[] {
  return readdirSync(coreProviders)
    .filter((file) => file.endsWith(".ts") && /^export default /m.test(readFileSync(join(coreProviders, file), "utf8")))
    .map((file) => file.slice(0, -3))
}

describe("@gatehousejs/sveltekit's entry points mirror @auth/sveltekit's", () => {
  it(`exports every subpath @auth/sveltekit ${pkg.counterpart.version} exports, under the same conditions, and no other`, () => {
    expect(exportMapProblems(pkg)).toEqual([])
    for (const [subpath, target] of Object.entries(pkg.counterpart.exports)) expect(conditions(manifest.exports[subpath]), subpath).toEqual(conditions(target))
  })

  it("Node resolves every subpath @auth/sveltekit opens to Node, and every provider path, to a module built from a source file", () => {
    expect(nodeResolutionProblems(pkg)).toEqual([])
  })

  it("every export is built from a source file of the package", () => {
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === "string" || subpath.endsWith("/*")) continue
      const types = /^\.\/dist\/(.+)\.d\.ts$/.exec(target.types ?? "")?.[1]
      expect(existsSync(join(packageDir, "src", `${types}.ts`)), `${subpath}: src/${types}.ts`).toBe(true)
      const code = target.default ?? target.svelte
      if (code) expect(code, subpath).toBe(`./dist/${types}.js`)
    }
  })

  it("has one provider entry point per provider of the engine, each re-exporting that provider alone", () => {
    for (const name of coreProviderNames()) {
      expect(readFileSync(join(ownProviders, `${name}.ts`), "utf8"), `src/providers/${name}.ts`).toBe(
        [
          `// @auth/sveltekit/providers/${name}, as @gatehousejs/sveltekit/providers/${name}: the engine's provider.`,
          `export * from "@gatehousejs/core/providers/${name}"`,
          `export { default } from "@gatehousejs/core/providers/${name}"`,
          "",
        ].join("\n"),
      )
    }
  })

  it("a provider entry point gives the engine's own factory", async () => {
    const [ours, engine] = await Promise.all([import("../src/providers/github.js"), import("@gatehousejs/core/providers/github")])
    expect(ours.default).toBe(engine.default)
  })
})
