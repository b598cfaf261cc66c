/**
 * The switch from `@auth/qwik` is a prefix swap (`@auth/qwik/…` → `@gatehousejs/qwik/…`), so this package opens every
 * entry point `@auth/qwik` 0.9 opens, and each provider entry point loads that provider only.
 */
import "./helpers/qwik-runtime.js"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { exportMapProblems, frameworkPackage, nodeResolutionProblems } from "../../core/test/helpers/counterpart-entries.js"
import { coreProviderModules, expectedProviderEntry } from "../../core/test/helpers/provider-entries.js"
import * as root from "../src/index.js"

const packageDir = fileURLToPath(new URL("../", import.meta.url))
const ownProviders = join(packageDir, "src", "providers")
const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { exports: Record<string, unknown>; qwik?: string }

/** `@auth/qwik` 0.9.1's `exports` and names (test/fixtures/auth-qwik-0.9.1.json). */
const pkg = frameworkPackage("@gatehousejs/qwik")

describe("@gatehousejs/qwik's entry points mirror @auth/qwik's", () => {
  it(`opens every subpath @auth/qwik ${pkg.counterpart.version} opens (and ./package.json), and names its module for Qwik's Vite plugin (the qwik field)`, () => {
    expect(exportMapProblems(pkg)).toEqual([])
    expect(manifest.qwik).toBe("./dist/index.js")
  })

  it("Node resolves every subpath @auth/qwik opens to Node, and every provider path, to a module built from a source file", () => {
    expect(nodeResolutionProblems(pkg)).toEqual([])
  })

  it("the root exports @auth/qwik's values: QwikAuth$, QwikAuthQrl, setEnvDefaults, AuthError, CredentialsSignin, customFetch", () => {
    expect(typeof root.QwikAuth$).toBe("function")
    expect(typeof root.QwikAuthQrl).toBe("function")
    expect(typeof root.setEnvDefaults).toBe("function")
    expect(new root.CredentialsSignin()).toBeInstanceOf(root.AuthError)
    expect(typeof root.customFetch).toBe("symbol")
  })

  it("has one provider entry point per provider module of the engine, each a re-export of that module alone", () => {
    const own = readdirSync(ownProviders)
      .filter((file) => file !== "index.ts")
      .map((file) => file.replace(/\.ts$/, ""))
      .sort()
    expect(own).toEqual(coreProviderModules())
    for (const name of own) expect(readFileSync(join(ownProviders, `${name}.ts`), "utf8"), `src/providers/${name}.ts`).toBe(expectedProviderEntry("qwik", name))
  })

  it("a provider entry point gives the engine's own factory", async () => {
    const [ours, engine] = await Promise.all([import("../src/providers/github.js"), import("@gatehousejs/core/providers/github")])
    expect(ours.default).toBe(engine.default)
  })
})
