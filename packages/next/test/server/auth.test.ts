/**
 * The `auth()` forms that return a session: no argument (server components, server actions, route handlers, through
 * `headers()`), `auth(req, res)` in a Pages Router API route, `auth(context)` in getServerSideProps — and a broken
 * configuration failing closed in each.
 */
import { IncomingMessage, ServerResponse } from "node:http"
import { Socket } from "node:net"
import Credentials from "@gatehousejs/core/providers/credentials"
import { NextRequest } from "next/server.js"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth from "../../src/index.js"
import { ORIGIN, SESSION_COOKIE, signInCookie, testConfig } from "./helpers.js"
import { enterScope, scope, writtenCookies } from "./next-scope.js"

vi.mock("next/headers.js", async () => (await import("./next-scope.js")).nextHeaders)

beforeEach(() => {
  enterScope()
})
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

function nodeRequest(headers: Record<string, string>, url = "/api/me"): IncomingMessage {
  const req = new IncomingMessage(new Socket())
  req.headers = { host: "localhost:3000", ...headers }
  req.url = url
  return req
}

function setCookiesOf(res: ServerResponse): string[] {
  const value = res.getHeader("set-cookie")
  return value === undefined ? [] : Array.isArray(value) ? value : [String(value)]
}

describe("auth() in server components, server actions and route handlers", () => {
  it("returns the session from the cookie of the request's headers()", async () => {
    const { auth, handlers } = NextAuth(testConfig())
    enterScope({ cookie: await signInCookie(handlers) })
    expect(await auth()).toMatchObject({ user: { name: "Alice", email: "alice@example.com" }, expires: expect.any(String) })
    expect(scope.headersCalls).toBe(1)
  })

  it("returns null without a session cookie", async () => {
    const { auth } = NextAuth(testConfig())
    expect(await auth()).toBeNull()
  })

  it("discards Set-Cookie: a server component cannot write cookies", async () => {
    const { auth, handlers } = NextAuth(testConfig({ session: { strategy: "jwt", updateAge: 0 } }))
    enterScope({ cookie: await signInCookie(handlers) })
    expect(await auth()).not.toBeNull()
    expect(scope.cookiesCalls).toBe(0)
    expect(writtenCookies()).toEqual([])
  })

  it("calls a lazy configuration with undefined", async () => {
    const seen: unknown[] = []
    const { auth } = NextAuth((request) => {
      seen.push(request)
      return testConfig()
    })
    await auth()
    expect(seen).toEqual([undefined])
  })

  it("reads the cookie under its __Secure- name when the forwarded protocol is https", async () => {
    const { auth, handlers } = NextAuth(testConfig())
    const cookie = await signInCookie(handlers, "https://app.example")
    expect(cookie.startsWith(`__Secure-${SESSION_COOKIE}=`)).toBe(true)
    enterScope({ cookie, host: "internal:3000", "x-forwarded-host": "app.example", "x-forwarded-proto": "https" })
    expect(await auth()).toMatchObject({ user: { name: "Alice" } })
  })

  it("a broken provider configuration yields null, no exception", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    // An OAuth provider without an issuer or endpoints cannot be used: a configuration error for every request.
    const broken = testConfig({ providers: [{ id: "broken", name: "Broken", type: "oauth" } as never, Credentials({ authorize: () => null })] })
    const { handlers } = NextAuth(testConfig())
    enterScope({ cookie: await signInCookie(handlers) })
    expect(await NextAuth(broken).auth()).toBeNull()
  })

  it("an error from headers() reaches Next.js (prerendering marks the page dynamic with it)", async () => {
    const { auth } = NextAuth(testConfig())
    const dynamicUsage = Object.assign(new Error("Dynamic server usage: headers"), { digest: "DYNAMIC_SERVER_USAGE" })
    scope.headersError = dynamicUsage
    await expect(auth()).rejects.toBe(dynamicUsage)
  })

  it("a Next.js control-flow error thrown by the lazy configuration (redirect, notFound) is not swallowed", async () => {
    const { redirect } = await import("next/navigation")
    const { auth } = NextAuth(() => redirect("/maintenance"))
    await expect(auth()).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT;/) })
  })

  it("a lazy configuration that throws yields null, and its message is not logged", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {})
    const { auth } = NextAuth(() => {
      throw new Error("secret=hunter2")
    })
    expect(await auth()).toBeNull()
    expect(log.mock.calls.flat().join(" ")).not.toContain("hunter2")
  })
})

describe("auth(req, res) in Pages Router API routes", () => {
  it("returns the session and appends the refreshed session cookie to the Node.js response", async () => {
    const { auth, handlers } = NextAuth(testConfig({ session: { strategy: "jwt", updateAge: 0 } }))
    const req = nodeRequest({ cookie: await signInCookie(handlers) })
    const res = new ServerResponse(req)
    res.setHeader("Set-Cookie", "theme=dark; Path=/")
    expect(await auth(req as never, res as never)).toMatchObject({ user: { name: "Alice" } })
    const lines = setCookiesOf(res)
    expect(lines[0]).toBe("theme=dark; Path=/")
    expect(lines.some((line) => line.startsWith(`${SESSION_COOKIE}=`) && line.includes("HttpOnly"))).toBe(true)
  })

  it("returns null for a request without a session, and sets nothing", async () => {
    const { auth } = NextAuth(testConfig())
    const req = nodeRequest({})
    const res = new ServerResponse(req)
    expect(await auth(req as never, res as never)).toBeNull()
    expect(setCookiesOf(res)).toEqual([])
  })

  it("calls a lazy configuration with a NextRequest for the Node.js request", async () => {
    const seen: unknown[] = []
    const { auth } = NextAuth((request) => {
      seen.push(request)
      return testConfig()
    })
    const req = nodeRequest({ "x-forwarded-proto": "https", "x-forwarded-host": "app.example" }, "/api/me?x=1")
    await auth(req as never, new ServerResponse(req) as never)
    expect(seen).toHaveLength(1)
    expect(seen[0]).toBeInstanceOf(NextRequest)
    expect((seen[0] as NextRequest).url).toBe("https://app.example/api/me?x=1")
  })

  it("a broken configuration yields null", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const { auth } = NextAuth(() => Promise.reject(new Error("no config")))
    const req = nodeRequest({})
    expect(await auth(req as never, new ServerResponse(req) as never)).toBeNull()
  })
})

describe("auth(context) in getServerSideProps", () => {
  it("reads context.req and appends refreshed cookies to context.res", async () => {
    const { auth, handlers } = NextAuth(testConfig({ session: { strategy: "jwt", updateAge: 0 } }))
    const req = nodeRequest({ cookie: await signInCookie(handlers) }, "/profile")
    const res = new ServerResponse(req)
    expect(await auth({ req, res } as never)).toMatchObject({ user: { email: "alice@example.com" } })
    expect(setCookiesOf(res).some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true)
  })

  it("sends no cookie once the response's headers are out", async () => {
    const { auth, handlers } = NextAuth(testConfig({ session: { strategy: "jwt", updateAge: 0 } }))
    const req = nodeRequest({ cookie: await signInCookie(handlers) }, "/profile")
    const res = new ServerResponse(req)
    Object.defineProperty(res, "headersSent", { value: true })
    expect(await auth({ req, res } as never)).not.toBeNull()
    expect(setCookiesOf(res)).toEqual([])
  })
})

describe("auth(fn) wrapping an App Router route handler", () => {
  it("sets req.auth, passes the route context, and forwards the refreshed cookie", async () => {
    const { auth, handlers } = NextAuth(testConfig({ session: { strategy: "jwt", updateAge: 0 } }))
    const cookie = await signInCookie(handlers)
    const GET = auth((req, ctx: { params: Promise<{ id: string }> }) => Response.json({ user: req.auth?.user?.name ?? null, ctx: "params" in ctx }))
    const response = await GET(new NextRequest(`${ORIGIN}/api/items/1`, { headers: { cookie } }), { params: Promise.resolve({ id: "1" }) })
    expect(await response.json()).toEqual({ user: "Alice", ctx: true })
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true)
  })

  it("sets req.auth to null when signed out", async () => {
    const { auth } = NextAuth(testConfig())
    const POST = auth(async (req) => Response.json({ auth: req.auth, body: await req.text() }))
    const response = await POST(new NextRequest(`${ORIGIN}/api/items`, { method: "POST", body: "hello" }), {})
    expect(await response.json()).toEqual({ auth: null, body: "hello" })
  })

  it("the wrapped handler gets its POST body also when AUTH_URL moves the request to the public origin", async () => {
    vi.stubEnv("AUTH_URL", "https://public.example")
    const { auth } = NextAuth(testConfig())
    const POST = auth(async (req) => Response.json({ url: req.url, body: await req.text() }))
    const response = await POST(new NextRequest(`${ORIGIN}/api/items?x=1`, { method: "POST", body: "hello" }), {})
    expect(await response.json()).toEqual({ url: "https://public.example/api/items?x=1", body: "hello" })
  })
})
