/**
 * The switch from `@auth/express` is a prefix swap (`@auth/express/…` → `@gatehousejs/express/…`): this package opens
 * every entry point `@auth/express` 0.12 opens (read from the installed package, a devDependency), Node resolves each
 * to a module built from a source file of the package, and each provider entry point loads that provider only.
 */
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { exportMapProblems, frameworkPackage } from "../../core/test/helpers/counterpart-entries.js"
import { coreProviderModules, expectedProviderEntry } from "../../core/test/helpers/provider-entries.js"

const packageDir = fileURLToPath(new URL("../", import.meta.url))
const ownProviders = join(packageDir, "src", "providers")

interface Manifest {
  exports: Record<string, string | Record<string, string>>
}
const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as Manifest
const authjsManifestPath = createRequire(import.meta.url).resolve("@auth/express/package.json")
const authjsManifest = JSON.parse(readFileSync(authjsManifestPath, "utf8")) as Manifest & { version: string }

/** The provider modules `@auth/express` ships (`providers/*.js`), each an entry point of `./providers/*`. */
function authjsProviderModules(): string[] {
  return readdirSync(join(authjsManifestPath, "..", "providers"))
    .filter((file) => file.endsWith(".js") && file !== "index.js")
    .map((file) => file.slice(0, -3))
}

/**
 * What Node's resolver makes of each specifier, from a child process in the package's directory (the package resolves
 * itself by name through its `exports`). `import.meta.resolve` maps without loading, so no build is needed.
 */
function resolveWithNode(specifiers: string[]): Record<string, string> {
  const script = `const out = {}; for (const s of ${JSON.stringify(specifiers)}) { try { out[s] = import.meta.resolve(s) } catch (e) { out[s] = String(e.code) } } console.log(JSON.stringify(out))`
  const stdout = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: packageDir, encoding: "utf8" })
  return JSON.parse(stdout) as Record<string, string>
}

describe("@gatehousejs/express's entry points mirror @auth/express's", () => {
  it(`opens exactly the subpaths @auth/express ${authjsManifest.version} opens`, () => {
    expect(Object.keys(manifest.exports).sort()).toEqual(Object.keys(authjsManifest.exports).sort())
    expect(manifest.exports["./package.json"]).toBe("./package.json")
    // The fixture the framework-types test reads @auth/express's names from is of the installed version.
    const pkg = frameworkPackage("@gatehousejs/express")
    expect({ version: pkg.counterpart.version, exports: pkg.counterpart.exports }).toEqual({ version: authjsManifest.version, exports: authjsManifest.exports })
    expect(exportMapProblems(pkg)).toEqual([])
  })

  it("Node resolves every subpath, and every provider path @auth/express ships, to a module built from a source file", () => {
    const subpaths = Object.keys(manifest.exports).flatMap((key) =>
      key === "./providers/*" ? authjsProviderModules().map((name) => `./providers/${name}`) : [key],
    )
    const resolved = resolveWithNode(subpaths.map((subpath) => `@gatehousejs/express${subpath.slice(1)}`))
    for (const subpath of subpaths) {
      const url = resolved[`@gatehousejs/express${subpath.slice(1)}`]!
      expect(url, subpath).toMatch(/^file:/)
      const file = fileURLToPath(url)
      const source = file.endsWith("package.json") ? file : file.replace(`${join(packageDir, "dist")}`, join(packageDir, "src")).replace(/\.js$/, ".ts")
      expect(existsSync(source), `${subpath} -> ${source}`).toBe(true)
    }
  })

  it("has one provider entry point per provider module of the engine, each a re-export of that module alone", () => {
    const own = readdirSync(ownProviders)
      .filter((file) => file !== "index.ts")
      .map((file) => file.replace(/\.ts$/, ""))
      .sort()
    expect(own).toEqual(coreProviderModules())
    for (const name of own) expect(readFileSync(join(ownProviders, `${name}.ts`), "utf8"), `src/providers/${name}.ts`).toBe(expectedProviderEntry("express", name))
  })

  it("a provider entry point gives the engine's own factory", async () => {
    const [ours, engine] = await Promise.all([import("@gatehousejs/express/providers/github"), import("@gatehousejs/core/providers/github")])
    expect(ours.default).toBe(engine.default)
  })
})
