/**
 * `Gatehouse(config | lazy)`: the five names for Web-standard frameworks.
 */
import { CredentialsSignin, Gatehouse, type AuthConfig } from "@gatehousejs/core"
import { describe, expect, it, vi } from "vitest"
import { ORIGIN, testConfig, users } from "./helpers/auth.js"

const NAME = "__Secure-authjs.session-token"

function cookieOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .filter((c) => !c.includes("Max-Age=0"))
    .map((c) => c.split(";")[0])
    .join("; ")
}

async function signedInCookie(gatehouse: ReturnType<typeof Gatehouse>): Promise<string> {
  const result = await gatehouse.signIn(new Request(`${ORIGIN}/login`), "credentials", {
    username: "alice",
    password: users.alice!.password,
    redirect: false,
  })
  return cookieOf(result.headers)
}

describe("Gatehouse()", () => {
  it("returns exactly handlers, auth, signIn, signOut and unstable_update, and Gatehouse's getAccessToken, session registry and passwords", () => {
    expect(Object.keys(Gatehouse(testConfig())).sort()).toEqual([
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

  it("handlers.GET and handlers.POST answer the endpoints", async () => {
    const { handlers } = Gatehouse(testConfig())
    const response = await handlers.GET(new Request(`${ORIGIN}/auth/providers`))
    expect(Object.keys(await response.json())).toEqual(["credentials"])
  })

  it("signIn(request, 'credentials', { redirect: false }) returns the URL and the cookies to forward", async () => {
    const gatehouse = Gatehouse(testConfig())
    const result = await gatehouse.signIn(new Request(`${ORIGIN}/login`), "credentials", {
      username: "alice",
      password: users.alice!.password,
      redirect: false,
      redirectTo: "/dashboard",
    })
    expect(result.url).toBe(`${ORIGIN}/dashboard`)
    expect(result.headers.getSetCookie().some((c) => c.startsWith(`${NAME}=`))).toBe(true)
    // The same cookies, structured, for frameworks whose cookie API takes name, value and options (Next.js).
    expect(result.cookies.find((c) => c.name === NAME)).toMatchObject({ options: { httpOnly: true, secure: true, path: "/" } })
  })

  it("signIn with redirect (default) returns a 302 Response with the session cookie", async () => {
    const gatehouse = Gatehouse(testConfig())
    const response = await gatehouse.signIn(new Request(`${ORIGIN}/login`, { headers: { referer: `${ORIGIN}/from` } }), "credentials", {
      username: "alice",
      password: users.alice!.password,
    })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/from`)
  })

  it("signIn accepts the submitted FormData of a sign-in form, with redirectTo", async () => {
    const gatehouse = Gatehouse(testConfig())
    const form = new FormData()
    form.set("username", "alice")
    form.set("password", users.alice!.password)
    form.set("redirectTo", "/home")
    const response = await gatehouse.signIn(new Request(`${ORIGIN}/login`), "credentials", form)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/home`)
  })

  it("signIn throws CredentialsSignin (catchable with instanceof) on wrong credentials", async () => {
    const gatehouse = Gatehouse(testConfig({ logger: { error: () => {} } }))
    const attempt = gatehouse.signIn(new Request(`${ORIGIN}/login`), "credentials", { username: "alice", password: "nope" })
    await expect(attempt).rejects.toBeInstanceOf(CredentialsSignin)
  })

  it("signIn without a provider, or with an unknown one, goes to the sign-in page with the callback URL", async () => {
    const gatehouse = Gatehouse(testConfig())
    const result = await gatehouse.signIn(new Request(`${ORIGIN}/x`), undefined, { redirect: false, redirectTo: "/after" })
    expect(result.url).toBe(`${ORIGIN}/auth/signin?callbackUrl=%2Fafter`)
  })

  it("signIn without a provider goes straight to pages.signIn when the app has its own sign-in page", async () => {
    const gatehouse = Gatehouse(testConfig({ pages: { signIn: "/login" } }))
    const result = await gatehouse.signIn(new Request(`${ORIGIN}/x`), undefined, { redirect: false, redirectTo: "/after" })
    expect(result.url).toBe(`${ORIGIN}/login?callbackUrl=%2Fafter`)
  })

  it("auth(request) returns the session, or null", async () => {
    const gatehouse = Gatehouse(testConfig())
    const cookie = await signedInCookie(gatehouse)
    expect(await gatehouse.auth(new Request(`${ORIGIN}/page`, { headers: { cookie } }))).toMatchObject({ user: { name: "Alice" } })
    expect(await gatehouse.auth(new Request(`${ORIGIN}/page`))).toBeNull()
  })

  it("auth(handler) sets request.auth and forwards refreshed session cookies", async () => {
    const gatehouse = Gatehouse(testConfig({ session: { updateAge: 0 } }))
    const cookie = await signedInCookie(gatehouse)
    const handler = gatehouse.auth((request) => Response.json({ name: request.auth?.user?.name ?? null }))
    const response = await handler(new Request(`${ORIGIN}/api/me`, { headers: { cookie } }))
    expect(await response.json()).toEqual({ name: "Alice" })
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`${NAME}=`))).toBe(true)
  })

  it("auth(handler) applies the authorized callback: false redirects to sign-in with callbackUrl", async () => {
    const gatehouse = Gatehouse(testConfig({ callbacks: { authorized: ({ auth }) => !!auth } }))
    const handler = gatehouse.auth(() => new Response("secret page"))
    const response = await handler(new Request(`${ORIGIN}/private?x=1`))
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?callbackUrl=${encodeURIComponent(`${ORIGIN}/private?x=1`)}`)
  })

  it("auth(handler) uses a Response returned by authorized as it is", async () => {
    const gatehouse = Gatehouse(testConfig({ callbacks: { authorized: () => new Response("nope", { status: 401 }) } }))
    const response = await gatehouse.auth(() => new Response("ok"))(new Request(`${ORIGIN}/x`))
    expect(response.status).toBe(401)
  })

  it("signOut clears the session cookie", async () => {
    const gatehouse = Gatehouse(testConfig())
    const cookie = await signedInCookie(gatehouse)
    const result = await gatehouse.signOut(new Request(`${ORIGIN}/x`, { headers: { cookie } }), { redirect: false, redirectTo: "/bye" })
    expect(result.url).toBe(`${ORIGIN}/bye`)
    expect(result.headers.getSetCookie().some((c) => c.startsWith(`${NAME}=;`) && c.includes("Max-Age=0"))).toBe(true)
  })

  it("unstable_update runs the jwt callback with trigger update and returns the new session and cookie", async () => {
    const gatehouse = Gatehouse(
      testConfig({
        callbacks: { jwt: ({ token, trigger, session }) => (trigger === "update" ? { ...token, ...(session as { user: object }).user } : token) },
      }),
    )
    const cookie = await signedInCookie(gatehouse)
    const { session, headers } = await gatehouse.unstable_update(new Request(`${ORIGIN}/x`, { headers: { cookie } }), { user: { name: "Alicia" } })
    expect(session).toMatchObject({ user: { name: "Alicia" } })
    const updated = await gatehouse.auth(new Request(`${ORIGIN}/x`, { headers: { cookie: cookieOf(headers) } }))
    expect(updated).toMatchObject({ user: { name: "Alicia" } })
  })
})

describe("lazy configuration", () => {
  it("is called per request, with the request, and may be async", async () => {
    const lazy = vi.fn(async (request: Request | undefined): Promise<AuthConfig> => {
      const staging = request?.headers.get("x-env") === "staging"
      return testConfig({ theme: { brandColor: staging ? "#f00" : "#00f" } })
    })
    const { handlers } = Gatehouse(lazy)
    await handlers.GET(new Request(`${ORIGIN}/auth/providers`, { headers: { "x-env": "staging" } }))
    await handlers.GET(new Request(`${ORIGIN}/auth/providers`))
    expect(lazy).toHaveBeenCalledTimes(2)
    expect(lazy.mock.calls[0]![0]).toBeInstanceOf(Request)
  })

  it("a lazy config that throws is a 500 with a generic message, and auth() is null", async () => {
    const gatehouse = Gatehouse(() => {
      throw new Error("vault unreachable: token=abc")
    })
    const response = await gatehouse.handlers.GET(new Request(`${ORIGIN}/auth/session`))
    expect(response.status).toBe(500)
    expect(await response.text()).not.toContain("abc")
    expect(await gatehouse.auth(new Request(`${ORIGIN}/x`))).toBeNull()
  })

  it("a broken provider configuration makes auth() return null (fail closed)", async () => {
    const gatehouse = Gatehouse(testConfig({ providers: [{ id: "x", name: "X", type: "webauthn" }], logger: { error: () => {} } }))
    expect(await gatehouse.auth(new Request(`${ORIGIN}/x`))).toBeNull()
  })
})
