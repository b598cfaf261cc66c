/**
 * GHSA-8fpg-xm3f-6cx3 (Auth.js, 2026): with a misconfigured provider, core answered `/session` with a 500 JSON error
 * and next-auth's `auth()` took that JSON object for a session (fail-open). Here every broken configuration, with a
 * valid session cookie from a working one: the route handler's `/session` is not 2xx, and `auth()` is null in a route
 * handler (through `headers()`), in Pages Router `auth(req, res)`, as middleware (the `authorized` callback sees
 * null, a guarded page redirects) and wrapping a handler (`req.auth` null). Rule: any non-2xx `/session` is no session.
 */
import { IncomingMessage, ServerResponse } from "node:http"
import { Socket } from "node:net"
import Credentials from "@gatehousejs/core/providers/credentials"
import { NextRequest } from "next/server.js"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth, { type NextAuthConfig } from "../../src/index.js"
import { alice, ORIGIN, signInCookie, testConfig } from "./helpers.js"
import { enterScope } from "./next-scope.js"

vi.mock("next/headers.js", async () => (await import("./next-scope.js")).nextHeaders)

beforeEach(() => {
  enterScope()
  vi.spyOn(console, "error").mockImplementation(() => {})
})
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

const credentials = Credentials({ authorize: () => null })

const broken: [string, () => NextAuthConfig | (() => NextAuthConfig)][] = [
  ["an OAuth provider without issuer or endpoints", () => testConfig({ providers: [{ id: "broken", name: "Broken", type: "oauth" } as never, credentials] })],
  ["an OIDC provider without issuer", () => testConfig({ providers: [{ id: "oidc", name: "OIDC", type: "oidc", clientId: "c", clientSecret: "s" } as never, credentials] })],
  [
    "no secret, in production",
    () => {
      vi.stubEnv("NODE_ENV", "production")
      vi.stubEnv("AUTH_URL", `${ORIGIN}/api/auth`)
      for (const name of ["AUTH_SECRET", "AUTH_SECRET_1", "NEXTAUTH_SECRET"]) vi.stubEnv(name, "")
      return testConfig({ secret: undefined })
    },
  ],
  ["database sessions without an adapter", () => testConfig({ session: { strategy: "database" } })],
  [
    "a lazy configuration that throws",
    () => () => {
      throw new Error("tenant database down")
    },
  ],
]

function nodeRequest(cookie: string): IncomingMessage {
  const req = new IncomingMessage(new Socket())
  req.headers = { host: "localhost:3000", cookie }
  req.url = "/api/me"
  return req
}

describe("GHSA-8fpg-xm3f-6cx3 a broken configuration is never a session in @gatehousejs/next", () => {
  it.each(broken)("GHSA-8fpg-xm3f-6cx3 %s: /session is not 2xx; auth() is null in route handlers, Pages API routes and middleware", async (_name, make) => {
    const cookie = await signInCookie(NextAuth(testConfig()).handlers)
    const seen: unknown[] = []
    const config = make()
    const withGuard = typeof config === "function" ? config : { ...config, callbacks: { authorized: ({ auth }: { auth: unknown }) => (seen.push(auth), Boolean(auth)) } }
    const { auth, handlers } = NextAuth(withGuard as NextAuthConfig)

    const session = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/session`, { headers: { cookie } }))
    expect(session.status).toBeGreaterThanOrEqual(400)
    expect(await session.json()).not.toMatchObject({ user: expect.anything() })

    // A route handler, server component or server action: auth() through headers().
    enterScope({ cookie })
    expect(await auth()).toBeNull()

    // A Pages Router API route.
    const req = nodeRequest(cookie)
    expect(await auth(req as never, new ServerResponse(req) as never)).toBeNull()

    // auth(fn) wrapping a route handler.
    const wrapped = await auth((request) => Response.json({ auth: request.auth }))(new NextRequest(`${ORIGIN}/api/items`, { headers: { cookie } }), {})
    if (wrapped.status === 200) expect(await wrapped.json()).toEqual({ auth: null })
    else expect(wrapped.status, "refused, never let through").not.toBeLessThan(300)

    // Middleware: the page is not let through as signed in.
    const middleware = await auth(new NextRequest(`${ORIGIN}/dashboard`, { headers: { cookie } }))
    expect(middleware.headers.get("x-middleware-next"), "not passed on to the page").toBeNull()
    expect([302, 307, 503]).toContain(middleware.status)
    expect(seen.every((s) => s === null)).toBe(true)
  })

  it("GHSA-8fpg-xm3f-6cx3 (control) the same cookie on the working configuration is Alice's session everywhere", async () => {
    const { auth, handlers } = NextAuth(testConfig({ callbacks: { authorized: ({ auth: session }) => Boolean(session) } }))
    const cookie = await signInCookie(handlers)
    enterScope({ cookie })
    expect(await auth()).toMatchObject({ user: { email: alice.email } })
    const req = nodeRequest(cookie)
    expect(await auth(req as never, new ServerResponse(req) as never)).toMatchObject({ user: { email: alice.email } })
    const middleware = await auth(new NextRequest(`${ORIGIN}/dashboard`, { headers: { cookie } }))
    expect(middleware.headers.get("x-middleware-next")).toBe("1")
  })
})
