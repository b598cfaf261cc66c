/**
 * The switch from `@auth/solid-start` is a prefix swap (`@auth/solid-start/…` → `@gatehousejs/solid-start/…`), so this
 * package opens every entry point `@auth/solid-start` 0.19 opens, and each provider entry point loads that provider only.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { exportMapProblems, frameworkPackage, nodeResolutionProblems } from "../../core/test/helpers/counterpart-entries.js"
import { coreProviderModules, expectedProviderEntry } from "../../core/test/helpers/provider-entries.js"
import * as root from "../src/index.js"

const packageDir = fileURLToPath(new URL("../", import.meta.url))
const ownProviders = join(packageDir, "src", "providers")

/** `@auth/solid-start` 0.19.2's `exports` and names (test/fixtures/auth-solid-start-0.19.2.json). */
const pkg = frameworkPackage("@gatehousejs/solid-start")

describe("@gatehousejs/solid-start's entry points mirror @auth/solid-start's", () => {
  it(`opens every subpath @auth/solid-start ${pkg.counterpart.version} opens (and ./package.json)`, () => {
    expect(exportMapProblems(pkg)).toEqual([])
  })

  it("Node resolves every subpath @auth/solid-start opens to Node, and every provider path, to a module built from a source file", () => {
    expect(nodeResolutionProblems(pkg)).toEqual([])
  })

  it("the root exports @auth/solid-start's values: SolidAuth, getSession, AuthError, CredentialsSignin, customFetch", () => {
    expect(typeof root.SolidAuth).toBe("function")
    expect(typeof root.getSession).toBe("function")
    expect(new root.CredentialsSignin()).toBeInstanceOf(root.AuthError)
    expect(typeof root.customFetch).toBe("symbol")
  })

  it("the client entry point exports signIn and signOut and loads no server code", async () => {
    const client = await import("../src/client.js")
    expect(Object.keys(client).sort()).toEqual(["signIn", "signOut"])
    // Its one runtime import is the client core, which loads nothing outside its folder (core's client-core test).
    const runtimeImports = readFileSync(join(packageDir, "src", "client.ts"), "utf8").match(/^import (?!type).*$/gm) ?? []
    expect(runtimeImports.map((line) => line.replace(/^.* from /, ""))).toEqual(['"@gatehousejs/core/client"'])
  })

  it("has one provider entry point per provider module of the engine, each a re-export of that module alone", () => {
    const own = readdirSync(ownProviders)
      .filter((file) => file !== "index.ts")
      .map((file) => file.replace(/\.ts$/, ""))
      .sort()
    expect(own).toEqual(coreProviderModules())
    for (const name of own) expect(readFileSync(join(ownProviders, `${name}.ts`), "utf8"), `src/providers/${name}.ts`).toBe(expectedProviderEntry("solid-start", name))
  })

  it("a provider entry point gives the engine's own factory", async () => {
    const [ours, engine] = await Promise.all([import("../src/providers/github.js"), import("@gatehousejs/core/providers/github")])
    expect(ours.default).toBe(engine.default)
  })
})
