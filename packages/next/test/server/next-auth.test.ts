/**
 * `NextAuth(config | lazy)`: what it returns and exports, the route handlers, `basePath`, and the lazy configuration.
 */
import { NextRequest } from "next/server.js"
import { afterEach, describe, expect, it, vi } from "vitest"
import * as core from "@gatehousejs/core"
import NextAuth, * as next from "../../src/index.js"
import { ORIGIN, signInCookie, testConfig } from "./helpers.js"

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

describe("NextAuth()", () => {
  it("returns exactly handlers, auth, signIn, signOut and unstable_update, and Gatehouse's getAccessToken, session registry and password functions", () => {
    expect(Object.keys(NextAuth(testConfig())).sort()).toEqual([
      "auth",
      "changePassword",
      "getAccessToken",
      "handlers",
      "listSessions",
      "requestPasswordReset",
      "resetPassword",
      "revokeOtherSessions",
      "revokeSession",
      "revokeUserSessions",
      "signIn",
      "signOut",
      "signUp",
      "unstable_update",
    ])
  })

  it("exports AuthError, CredentialsSignin and customFetch as next-auth does (the engine's own)", () => {
    expect(next.AuthError).toBe(core.AuthError)
    expect(next.CredentialsSignin).toBe(core.CredentialsSignin)
    expect(next.customFetch).toBe(core.customFetch)
    expect(next.default).toBe(next.NextAuth)
  })

  it("handlers.GET and handlers.POST answer the endpoints under /api/auth by default", async () => {
    const { handlers } = NextAuth(testConfig())
    const providers = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/providers`))
    expect(await providers.json()).toMatchObject({ credentials: { signinUrl: `${ORIGIN}/api/auth/signin/credentials` } })
    const cookie = await signInCookie(handlers)
    const session = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/session`, { headers: { cookie } }))
    expect(await session.json()).toMatchObject({ user: { name: "Alice", email: "alice@example.com" } })
  })

  it("basePath comes from the path of AUTH_URL when the configuration has none", async () => {
    vi.stubEnv("AUTH_URL", "https://public.example/custom/auth")
    const { handlers } = NextAuth(testConfig())
    const response = await handlers.GET(new NextRequest("http://internal:3000/custom/auth/providers"))
    // The engine also puts AUTH_URL's origin on the URLs it builds.
    expect(await response.json()).toMatchObject({ credentials: { callbackUrl: "https://public.example/custom/auth/callback/credentials" } })
  })

  it("basePath comes from NEXTAUTH_URL too, and an explicit basePath wins over both", async () => {
    vi.stubEnv("NEXTAUTH_URL", "http://localhost:3000/legacy/auth")
    expect((await NextAuth(testConfig()).handlers.GET(new NextRequest(`${ORIGIN}/legacy/auth/providers`))).status).toBe(200)
    const explicit = NextAuth(testConfig({ basePath: "/mine" }))
    expect((await explicit.handlers.GET(new NextRequest(`${ORIGIN}/mine/providers`))).status).toBe(200)
    expect((await explicit.handlers.GET(new NextRequest(`${ORIGIN}/legacy/auth/providers`))).status).toBe(400)
  })

  it("an AUTH_URL without a path leaves basePath at /api/auth", async () => {
    vi.stubEnv("AUTH_URL", "http://localhost:3000")
    const response = await NextAuth(testConfig()).handlers.GET(new NextRequest(`${ORIGIN}/api/auth/providers`))
    expect(response.status).toBe(200)
  })
})

describe("lazy configuration", () => {
  it("is called for every handler request, with that NextRequest", async () => {
    const seen: unknown[] = []
    const { handlers } = NextAuth((request) => {
      seen.push(request)
      return testConfig()
    })
    const first = new NextRequest(`${ORIGIN}/api/auth/providers`)
    const second = new NextRequest(`${ORIGIN}/api/auth/csrf`)
    await handlers.GET(first)
    await handlers.GET(second)
    expect(seen).toEqual([first, second])
  })

  it("a lazy configuration that throws answers a generic 500, without its message", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {})
    const { handlers } = NextAuth(() => {
      throw new Error("vault https://user:hunter2@vault.internal unreachable")
    })
    const response = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/session`))
    expect(response.status).toBe(500)
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store")
    const body = await response.text()
    expect(body).not.toContain("hunter2")
    expect(log.mock.calls.flat().join(" ")).not.toContain("hunter2")
  })
})
