/**
 * The switch from `@auth/qwik` is a prefix swap (`@auth/qwik/…` → `@gatehousejs/qwik/…`), so this package opens every
 * entry point `@auth/qwik` 0.9 opens, and each provider entry point loads that provider only.
 */
import "./helpers/qwik-runtime.js"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import * as root from "../src/index.js"

const packageDir = fileURLToPath(new URL("../", import.meta.url))
const coreProviders = fileURLToPath(new URL("../../core/src/providers/", import.meta.url))
const ownProviders = join(packageDir, "src", "providers")
const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { exports: Record<string, unknown>; qwik?: string }

/** `@auth/qwik` 0.9.1's `exports`. */
const AUTHJS_SUBPATHS = [".", "./adapters", "./providers", "./providers/*"]
/** Modules of core's `providers/` that are not entry points of core either (internal). */
const INTERNAL = new Set(["email-message", "normalize", "provider-ids", "types", "index"])

function coreModules(): string[] {
  return readdirSync(coreProviders)
    .filter((file) => file.endsWith(".ts") && !INTERNAL.has(file.slice(0, -3)))
    .map((file) => file.slice(0, -3))
    .sort()
}

function expectedEntry(name: string): string {
  const isProvider = /^export default /m.test(readFileSync(join(coreProviders, `${name}.ts`), "utf8"))
  return isProvider
    ? [
        `// @auth/qwik/providers/${name}, as @gatehousejs/qwik/providers/${name}: the engine's provider.`,
        `export * from "@gatehousejs/core/providers/${name}"`,
        `export { default } from "@gatehousejs/core/providers/${name}"`,
        "",
      ].join("\n")
    : [`// @auth/qwik/providers/${name}, as @gatehousejs/qwik/providers/${name}: types only.`, `export type * from "@gatehousejs/core/providers/${name}"`, ""].join("\n")
}

describe("@gatehousejs/qwik's entry points mirror @auth/qwik's", () => {
  it("opens every subpath @auth/qwik opens, and names its module for Qwik's Vite plugin (the qwik field)", () => {
    expect(Object.keys(manifest.exports).sort()).toEqual(AUTHJS_SUBPATHS)
    expect(manifest.qwik).toBe("./dist/index.js")
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
    expect(own).toEqual(coreModules())
    for (const name of own) expect(readFileSync(join(ownProviders, `${name}.ts`), "utf8"), `src/providers/${name}.ts`).toBe(expectedEntry(name))
  })

  it("a provider entry point gives the engine's own factory", async () => {
    const [ours, engine] = await Promise.all([import("../src/providers/github.js"), import("@gatehousejs/core/providers/github")])
    expect(ours.default).toBe(engine.default)
  })
})
