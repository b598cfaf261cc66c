/**
 * `npx gatehousejs doctor` checks an app's `auth.ts` as it is: the result of `Gatehouse(...)`, `NextAuth(...)` and
 * `ExpressAuth(...)` keeps the configuration it was given under `Symbol.for("gatehousejs.config")`, without changing
 * the result's own keys (they stay Auth.js's).
 */
import { configOf, Gatehouse, type AuthConfig } from "@gatehousejs/core"
import { ExpressAuth } from "@gatehousejs/express"
import NextAuth from "@gatehousejs/next"
import { describe, expect, it } from "vitest"
import { testConfig } from "../helpers/auth.js"

describe("configOf", () => {
  it("is the registry symbol the CLI reads", () => {
    expect(configOf).toBe(Symbol.for("gatehousejs.config"))
  })

  it("Gatehouse(config) keeps the config, not as an own enumerable key", () => {
    const config = testConfig()
    const result = Gatehouse(config)
    expect((result as unknown as Record<symbol, unknown>)[configOf]).toBe(config)
    expect(Object.keys(result)).toEqual(["handlers", "auth", "signIn", "signOut", "unstable_update", "getAccessToken", "listSessions", "revokeSession", "revokeOtherSessions", "revokeUserSessions", "signUp", "requestPasswordReset", "resetPassword", "changePassword"])
    // Apps export `auth` and `handlers`, not the result: they carry it too.
    expect((result.auth as unknown as Record<symbol, unknown>)[configOf]).toBe(config)
    expect((result.handlers as unknown as Record<symbol, unknown>)[configOf]).toBe(config)
  })

  it("ExpressAuth(lazy) keeps the lazy function", () => {
    const lazy = (): AuthConfig => testConfig()
    const result = ExpressAuth(lazy)
    expect((result as unknown as Record<symbol, unknown>)[configOf]).toBe(lazy)
  })

  it("NextAuth(config) keeps a function that gives the config with Next's defaults (base path /api/auth)", async () => {
    const { basePath: _, ...config } = testConfig()
    const result = NextAuth(config)
    expect(Object.keys(result)).toEqual(["handlers", "auth", "signIn", "signOut", "unstable_update", "getAccessToken", "listSessions", "revokeSession", "revokeOtherSessions", "revokeUserSessions", "signUp", "requestPasswordReset", "resetPassword", "changePassword"])
    const configFor = (result as unknown as Record<symbol, (request?: Request) => Promise<AuthConfig>>)[configOf]
    expect((await configFor!(undefined)).basePath).toBe("/api/auth")
  })
})
