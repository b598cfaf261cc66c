/**
 * The switch from `@auth/sveltekit` is the package name: `@gatehousejs/sveltekit` has every entry point it has, and
 * each provider entry point is the engine's provider alone.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const packageDir = fileURLToPath(new URL("../", import.meta.url))
const coreProviders = fileURLToPath(new URL("../../core/src/providers/", import.meta.url))
const ownProviders = join(packageDir, "src", "providers")

const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
  exports: Record<string, string | Record<string, string>>
}

/** `@auth/sveltekit` 1.11's `exports`, with the conditions each has (`svelte` for the components, types only for two). */
const AUTH_SVELTEKIT_EXPORTS: Record<string, string[]> = {
  ".": ["types", "default"],
  "./client": ["types", "default"],
  "./webauthn": ["types", "default"],
  "./components": ["types", "svelte"],
  "./adapters": ["types"],
  "./providers": ["types"],
  "./providers/*": ["types", "default"],
}

/** Core's provider modules that are providers (a default export, the factory), by name. */
function coreProviderNames(): string[] {
  return readdirSync(coreProviders)
    .filter((file) => file.endsWith(".ts") && /^export default /m.test(readFileSync(join(coreProviders, file), "utf8")))
    .map((file) => file.slice(0, -3))
}

describe("@gatehousejs/sveltekit's entry points mirror @auth/sveltekit's", () => {
  it("exports every subpath @auth/sveltekit exports, under the same conditions", () => {
    for (const [subpath, conditions] of Object.entries(AUTH_SVELTEKIT_EXPORTS)) {
      const target = manifest.exports[subpath]
      expect(typeof target === "object" ? Object.keys(target) : target, subpath).toEqual(conditions)
    }
    expect(manifest.exports["./package.json"]).toBe("./package.json")
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
