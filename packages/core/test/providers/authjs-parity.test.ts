/**
 * Issue 14: every provider module of `@auth/core` 0.41 has a counterpart at `@gatehousejs/core/providers/<same file>`,
 * with the same default export name, the same runtime named exports, and — called with the same options — the same
 * `id`, `type` and `name`.
 */
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

const authjsDir = new URL("../../../../node_modules/@auth/core/providers/", import.meta.url).pathname
const oursDir = new URL("../../src/providers/", import.meta.url).pathname
/** Modules of types only (no provider): they must exist, but there is nothing to call. */
const typeModules = new Set(["index", "provider-types", "oauth"])

const authjsModules = readdirSync(authjsDir)
  .filter((file) => file.endsWith(".js"))
  .map((file) => file.slice(0, -3))
  .sort()
const ours = new Set(readdirSync(oursDir).filter((file) => file.endsWith(".ts")).map((file) => file.slice(0, -3)))

/** Options every provider accepts; the ones a provider needs to build (an issuer, a tenant, a key). */
const options = {
  clientId: "client-id",
  clientSecret: "client-secret",
  issuer: "https://issuer.example.com",
  apiKey: "api-key",
  tenantId: "tenant",
  primaryUserFlow: "B2C_1_signin",
  from: "no-reply@example.com",
  server: "smtp://localhost:2525",
}

describe("every @auth/core provider module", () => {
  it("has a counterpart file (node_modules/@auth/core/providers/*.js minus ours is empty)", () => {
    expect(authjsModules.filter((name) => !ours.has(name))).toEqual([])
  })

  const providers = authjsModules.filter((name) => ours.has(name) && !typeModules.has(name))
  it.each(providers)("%s: same default export name, named exports, id, type and name", async (name) => {
    const theirs = (await import(/* @vite-ignore */ join(authjsDir, `${name}.js`))) as Record<string, unknown>
    const mine = (await import(/* @vite-ignore */ `@gatehousejs/core/providers/${name}`)) as Record<string, unknown>
    const theirDefault = theirs.default as (o: unknown) => { id: string; type: string; name: string }
    const myDefault = mine.default as (o: unknown) => { id: string; type: string; name: string }
    expect(typeof myDefault).toBe("function")
    expect(myDefault.name, "the default export's name").toBe(theirDefault.name)
    const runtimeNames = (module: Record<string, unknown>) => Object.keys(module).filter((key) => key !== "default")
    expect(runtimeNames(mine), "runtime named exports").toEqual(expect.arrayContaining(runtimeNames(theirs)))
    const a = theirDefault({ ...options })
    const b = myDefault({ ...options })
    expect({ id: b.id, type: b.type, name: b.name }).toEqual({ id: a.id, type: a.type, name: a.name })
  })
})
