/**
 * The switch from `@auth/solid-start` is a prefix swap (`@auth/solid-start/…` → `@gatehousejs/solid-start/…`), so this
 * package opens every entry point `@auth/solid-start` 0.19 opens, and each provider entry point loads that provider only.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import * as root from "../src/index.js"

const packageDir = fileURLToPath(new URL("../", import.meta.url))
const coreProviders = fileURLToPath(new URL("../../core/src/providers/", import.meta.url))
const ownProviders = join(packageDir, "src", "providers")
const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { exports: Record<string, unknown> }

/** `@auth/solid-start` 0.19.2's `exports`. */
const AUTHJS_SUBPATHS = [".", "./adapters", "./client", "./providers", "./providers/*"]
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
        `// @auth/solid-start/providers/${name}, as @gatehousejs/solid-start/providers/${name}: the engine's provider.`,
        `export * from "@gatehousejs/core/providers/${name}"`,
        `export { default } from "@gatehousejs/core/providers/${name}"`,
        "",
      ].join("\n")
    : [`// @auth/solid-start/providers/${name}, as @gatehousejs/solid-start/providers/${name}: types only.`, `export type * from "@gatehousejs/core/providers/${name}"`, ""].join("\n")
}

describe("@gatehousejs/solid-start's entry points mirror @auth/solid-start's", () => {
  it("opens every subpath @auth/solid-start opens", () => {
    expect(Object.keys(manifest.exports).sort()).toEqual(AUTHJS_SUBPATHS)
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
    expect(readFileSync(join(packageDir, "src", "client.ts"), "utf8")).not.toMatch(/^import (?!type)/m)
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
