/**
 * `auth` as middleware / `proxy.ts` and `auth(fn)` wrapping a middleware: the `authorized` callback (true, false, a
 * Response), the redirect to sign-in with `callbackUrl`, the loop guard, rolling cookies on the final response, the
 * lazy configuration, and failing closed.
 */
import { NextRequest, NextResponse } from "next/server.js"
import { afterEach, describe, expect, it, vi } from "vitest"
import NextAuth, { type NextAuthConfig } from "../../src/index.js"
import { ORIGIN, SESSION_COOKIE, signInCookie, testConfig } from "./helpers.js"

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

/** Signed-in users only on /dashboard, as the example app's `authorized`. */
const guardDashboard: NonNullable<NextAuthConfig["callbacks"]>["authorized"] = ({ request, auth }) =>
  request.nextUrl.pathname.startsWith("/dashboard") ? Boolean(auth?.user) : true

function configWith(authorized: NonNullable<NextAuthConfig["callbacks"]>["authorized"], overrides: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return testConfig({ callbacks: { authorized }, ...overrides })
}

const passedOn = (response: Response): boolean => response.headers.get("x-middleware-next") === "1"

describe("auth as middleware", () => {
  it("authorized true: NextResponse.next()", async () => {
    const { auth, handlers } = NextAuth(configWith(guardDashboard))
    const cookie = await signInCookie(handlers)
    const response = await auth(new NextRequest(`${ORIGIN}/dashboard`, { headers: { cookie } }))
    expect(passedOn(response)).toBe(true)
  })

  it("authorized false: 302 to <basePath>/signin with callbackUrl = the current path and query (no AUTH_URL: the origin Next.js sees may not be the public one)", async () => {
    const { auth } = NextAuth(configWith(guardDashboard))
    const response = await auth(new NextRequest(`${ORIGIN}/dashboard/settings?tab=2`))
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get("location")!)
    expect(`${location.origin}${location.pathname}`).toBe(`${ORIGIN}/api/auth/signin`)
    expect(location.searchParams.get("callbackUrl")).toBe("/dashboard/settings?tab=2")
  })

  it("authorized false: to pages.signIn when configured, its own query kept", async () => {
    const { auth } = NextAuth(configWith(() => false, { pages: { signIn: "/login?from=guard" } }))
    const location = new URL((await auth(new NextRequest(`${ORIGIN}/private`))).headers.get("location")!)
    expect(location.pathname).toBe("/login")
    expect(location.searchParams.get("from")).toBe("guard")
    expect(location.searchParams.get("callbackUrl")).toBe("/private")
  })

  it("a falsy verdict (undefined) also redirects, as in Auth.js", async () => {
    const { auth } = NextAuth(configWith(() => undefined))
    expect((await auth(new NextRequest(`${ORIGIN}/private`))).status).toBe(302)
  })

  it("without an authorized callback every request passes", async () => {
    const { auth } = NextAuth(testConfig())
    expect(passedOn(await auth(new NextRequest(`${ORIGIN}/anything`)))).toBe(true)
  })

  it("a Response from authorized is the answer", async () => {
    const { auth } = NextAuth(configWith(() => Response.json({ denied: true }, { status: 401 })))
    const response = await auth(new NextRequest(`${ORIGIN}/api/data`))
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ denied: true })
  })

  it("a NextResponse from authorized is the answer (rewrite headers kept)", async () => {
    const { auth } = NextAuth(configWith(({ request }) => NextResponse.rewrite(new URL("/maintenance", request.url))))
    const response = await auth(new NextRequest(`${ORIGIN}/shop`))
    expect(response.headers.get("x-middleware-rewrite")).toBe(`${ORIGIN}/maintenance`)
  })

  it.each([
    ["the built-in sign-in page", "/api/auth/signin", {}],
    ["any auth endpoint", "/api/auth/callback/credentials", {}],
    ["the custom sign-in page", "/login", { pages: { signIn: "/login" } }],
    ["the custom sign-in page with a trailing slash", "/login/", { pages: { signIn: "/login" } }],
  ])("loop guard: %s is let through although authorized says false", async (_name, path, overrides) => {
    const { auth } = NextAuth(configWith(() => false, overrides))
    expect(passedOn(await auth(new NextRequest(`${ORIGIN}${path}`)))).toBe(true)
  })

  it("loop guard: basePath \"/\" does not make every page an auth endpoint", async () => {
    const { auth } = NextAuth(configWith(() => false, { basePath: "/" }))
    expect((await auth(new NextRequest(`${ORIGIN}/private`))).status).toBe(302)
    expect(passedOn(await auth(new NextRequest(`${ORIGIN}/signin`)))).toBe(true)
  })

  it("rolls the session: the refreshed cookie is appended to the final response", async () => {
    const { auth, handlers } = NextAuth(configWith(guardDashboard, { session: { strategy: "jwt", updateAge: 0 } }))
    const cookie = await signInCookie(handlers)
    const response = await auth(new NextRequest(`${ORIGIN}/dashboard`, { headers: { cookie } }))
    expect(passedOn(response)).toBe(true)
    const rolled = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))
    expect(rolled).toMatch(/HttpOnly/)
    expect(rolled).not.toBe(cookie)
  })

  it("rolled cookies are appended to a Response from authorized too, after its own", async () => {
    const { auth, handlers } = NextAuth(
      configWith(
        () => {
          const response = NextResponse.next()
          response.cookies.set("seen", "1")
          return response
        },
        { session: { strategy: "jwt", updateAge: 0 } },
      ),
    )
    const cookie = await signInCookie(handlers)
    const lines = (await auth(new NextRequest(`${ORIGIN}/x`, { headers: { cookie } }))).headers.getSetCookie()
    expect(lines[0]).toMatch(/^seen=1/)
    expect(lines.some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true)
  })

  it("authorized receives the session and the NextRequest", async () => {
    const authorized = vi.fn(() => true)
    const { auth, handlers } = NextAuth(configWith(authorized))
    const cookie = await signInCookie(handlers)
    const request = new NextRequest(`${ORIGIN}/x`, { headers: { cookie } })
    await auth(request)
    expect(authorized).toHaveBeenCalledWith({ request, auth: expect.objectContaining({ user: expect.objectContaining({ name: "Alice" }) }) })
  })

  it("with AUTH_URL, the redirect and callbackUrl use its origin, not the internal one", async () => {
    vi.stubEnv("AUTH_URL", "https://public.example")
    const { auth } = NextAuth(configWith(() => false))
    const location = new URL((await auth(new NextRequest("http://10.0.0.5:3000/private?a=1"))).headers.get("location")!)
    expect(location.origin).toBe("https://public.example")
    expect(location.searchParams.get("callbackUrl")).toBe("https://public.example/private?a=1")
  })

  it("a lazy configuration is called once per request, with that request", async () => {
    const seen: string[] = []
    const { auth } = NextAuth((request) => {
      seen.push(request!.nextUrl.pathname)
      return configWith(guardDashboard)
    })
    await auth(new NextRequest(`${ORIGIN}/a`))
    await auth(new NextRequest(`${ORIGIN}/dashboard`))
    expect(seen).toEqual(["/a", "/dashboard"])
  })
})

describe("auth(fn) wrapping a middleware", () => {
  it("runs the function with req.auth and uses its response", async () => {
    const { auth, handlers } = NextAuth(configWith(guardDashboard))
    const cookie = await signInCookie(handlers)
    const middleware = auth((req) => NextResponse.json({ name: req.auth?.user?.name }))
    expect(await (await middleware(new NextRequest(`${ORIGIN}/dashboard`, { headers: { cookie } }), {})).json()).toEqual({ name: "Alice" })
  })

  it("a function that returns nothing means NextResponse.next()", async () => {
    const { auth } = NextAuth(testConfig())
    const middleware = auth(() => {})
    expect(passedOn(await middleware(new NextRequest(`${ORIGIN}/x`), {}))).toBe(true)
  })

  it("authorized false redirects to sign-in and the function does not run (Auth.js runs it: differences.md)", async () => {
    const fn = vi.fn(() => NextResponse.next())
    const { auth } = NextAuth(configWith(guardDashboard))
    const response = await auth(fn)(new NextRequest(`${ORIGIN}/dashboard`), {})
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!).pathname).toBe("/api/auth/signin")
    expect(fn).not.toHaveBeenCalled()
  })

  it("authorized returning undefined runs the function, as in Auth.js", async () => {
    const fn = vi.fn(() => NextResponse.next())
    const { auth } = NextAuth(configWith(() => undefined))
    expect(passedOn(await auth(fn)(new NextRequest(`${ORIGIN}/x`), {}))).toBe(true)
    expect(fn).toHaveBeenCalledOnce()
  })

  it("authorized false on the sign-in page still runs the function (loop guard)", async () => {
    const fn = vi.fn(() => NextResponse.next())
    const { auth } = NextAuth(configWith(() => false, { pages: { signIn: "/login" } }))
    await auth(fn)(new NextRequest(`${ORIGIN}/login`), {})
    expect(fn).toHaveBeenCalledOnce()
  })

  it("a Response from authorized is used and the function does not run", async () => {
    const fn = vi.fn(() => NextResponse.next())
    const { auth } = NextAuth(configWith(() => new Response("no", { status: 403 })))
    expect((await auth(fn)(new NextRequest(`${ORIGIN}/x`), {})).status).toBe(403)
    expect(fn).not.toHaveBeenCalled()
  })
})

describe("failing closed", () => {
  it("a broken provider configuration: the session is null and a guarded page redirects (no 500)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const good = NextAuth(testConfig())
    const cookie = await signInCookie(good.handlers)
    const seen: unknown[] = []
    const { auth } = NextAuth(
      configWith(
        ({ auth: session }) => {
          seen.push(session)
          return Boolean(session)
        },
        { providers: [{ id: "broken", name: "Broken", type: "oauth" } as never] },
      ),
    )
    const response = await auth(new NextRequest(`${ORIGIN}/dashboard`, { headers: { cookie } }))
    expect(response.status).toBe(302)
    expect(seen).toEqual([null])
    const wrapped = await auth((req) => Response.json({ auth: req.auth }))(new NextRequest(`${ORIGIN}/login`, { headers: { cookie } }), {})
    expect(wrapped.status).toBe(302)
  })

  it("a broken provider configuration gives the wrapped function req.auth = null", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const good = NextAuth(testConfig())
    const cookie = await signInCookie(good.handlers)
    const { auth } = NextAuth(testConfig({ providers: [{ id: "broken", name: "Broken", type: "oauth" } as never] }))
    const response = await auth((req) => Response.json({ auth: req.auth }))(new NextRequest(`${ORIGIN}/x`, { headers: { cookie } }), {})
    expect(await response.json()).toEqual({ auth: null })
  })

  it("an authorized callback that throws denies, and its message is not logged", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {})
    const { auth } = NextAuth(
      configWith(() => {
        throw new Error("token=hunter2")
      }),
    )
    const response = await auth(new NextRequest(`${ORIGIN}/dashboard`))
    expect(response.status).toBe(302)
    expect(log.mock.calls.flat().join(" ")).not.toContain("hunter2")
  })

  it("a lazy configuration that throws: 503 with a plain message, no stack, no detail", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {})
    const { auth } = NextAuth(() => {
      throw new Error("password=hunter2")
    })
    const response = await auth(new NextRequest(`${ORIGIN}/dashboard`))
    expect(response.status).toBe(503)
    expect(response.headers.get("cache-control")).toContain("no-store")
    const body = await response.text()
    expect(body).toBe("Authentication is unavailable.")
    expect(log.mock.calls.flat().join(" ")).not.toContain("hunter2")
  })
})
