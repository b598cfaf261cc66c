/**
 * `signIn`, `signOut` and `unstable_update` as server actions: the request from `headers()`, the cookies written with
 * `cookies().set(name, value, options)`, the `NEXT_REDIRECT` that Next.js's real `redirect()` throws, and errors.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth, { AuthError, CredentialsSignin } from "../../src/index.js"
import { alice, cookiePairs, ORIGIN, redirectOf, SESSION_COOKIE, signInCookie, testConfig } from "./helpers.js"
import { enterScope, scope, writtenCookies } from "./next-scope.js"

vi.mock("next/headers.js", async () => (await import("./next-scope.js")).nextHeaders)

beforeEach(() => {
  enterScope()
})
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

const credentials = { username: "alice", password: alice.password }

function sessionLine(): string | undefined {
  return writtenCookies().find((line) => line.startsWith(`${SESSION_COOKIE}=`))
}

describe("signIn() in a server action", () => {
  it("credentials: writes the session cookie with cookies().set, then redirect() throws NEXT_REDIRECT to redirectTo", async () => {
    const { signIn, auth } = NextAuth(testConfig())
    const url = await redirectOf(signIn("credentials", { ...credentials, redirectTo: "/dashboard" }))
    expect(url).toBe(`${ORIGIN}/dashboard`)
    expect(sessionLine()).toMatch(/HttpOnly/)
    expect(sessionLine()).toMatch(/SameSite=lax/i)
    // The cookie written is a working session.
    enterScope({ cookie: cookiePairs(writtenCookies()) })
    expect(await auth()).toMatchObject({ user: { name: "Alice" } })
  })

  it("accepts the submitted FormData, redirectTo included", async () => {
    const { signIn } = NextAuth(testConfig())
    const form = new FormData()
    form.set("username", "alice")
    form.set("password", alice.password)
    form.set("redirectTo", "/after")
    expect(await redirectOf(signIn("credentials", form))).toBe(`${ORIGIN}/after`)
    expect(sessionLine()).toBeDefined()
  })

  it("a form field named redirect cannot turn the redirect off", async () => {
    const { signIn } = NextAuth(testConfig())
    const form = new FormData()
    form.set("username", "alice")
    form.set("password", alice.password)
    form.set("redirect", "false")
    await redirectOf(signIn("credentials", form))
  })

  it("redirectTo defaults to the Referer, else /", async () => {
    const { signIn } = NextAuth(testConfig())
    enterScope({ referer: `${ORIGIN}/from/here` })
    expect(await redirectOf(signIn("credentials", credentials))).toBe(`${ORIGIN}/from/here`)
    enterScope()
    expect(await redirectOf(signIn("credentials", credentials))).toBe(`${ORIGIN}/`)
  })

  it("redirect: false returns the URL (cookies still written) instead of redirecting", async () => {
    const { signIn } = NextAuth(testConfig())
    const url = await signIn("credentials", { ...credentials, redirect: false, redirectTo: "/next" })
    expect(url).toBe(`${ORIGIN}/next`)
    expect(sessionLine()).toBeDefined()
  })

  it("wrong credentials throw CredentialsSignin (an AuthError, catchable with instanceof) and write no session", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const { signIn } = NextAuth(testConfig())
    const error: unknown = await signIn("credentials", { username: "alice", password: "wrong" }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CredentialsSignin)
    expect(error).toBeInstanceOf(AuthError)
    expect((error as CredentialsSignin).code).toBe("credentials")
    expect(sessionLine()).toBeUndefined()
  })

  it("without a provider, or with an unknown one: to the sign-in page with the callback URL", async () => {
    const { signIn } = NextAuth(testConfig({ pages: {} }))
    const url = new URL(await redirectOf(signIn(undefined, { redirectTo: "/back" })))
    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/api/auth/signin`)
    expect(url.searchParams.get("callbackUrl")).toBe("/back")
    expect(await signIn("nope", { redirect: false, redirectTo: "/back" })).toBe(url.href)
  })

  it("builds the public origin from X-Forwarded-Host / -Proto: __Secure- cookie, https redirect", async () => {
    const { signIn } = NextAuth(testConfig())
    enterScope({ host: "internal:3000", "x-forwarded-host": "app.example", "x-forwarded-proto": "https" })
    expect(await redirectOf(signIn("credentials", { ...credentials, redirectTo: "/d" }))).toBe("https://app.example/d")
    expect(writtenCookies().some((line) => line.startsWith(`__Secure-${SESSION_COOKIE}=`) && /Secure/.test(line))).toBe(true)
  })

  it("AUTH_URL's origin wins over the request headers", async () => {
    vi.stubEnv("AUTH_URL", "https://public.example")
    const { signIn } = NextAuth(testConfig())
    enterScope({ host: "internal:3000", "x-forwarded-host": "evil.example" })
    expect(await signIn("credentials", { ...credentials, redirect: false, redirectTo: "/d" })).toBe("https://public.example/d")
  })

  it("a lazy configuration is called with undefined", async () => {
    const seen: unknown[] = []
    const { signIn } = NextAuth((request) => {
      seen.push(request)
      return testConfig()
    })
    await signIn("credentials", { ...credentials, redirect: false })
    expect(seen).toEqual([undefined])
  })

  it("a NEXT_REDIRECT is never swallowed: a caller's catch of AuthError sees nothing", async () => {
    const { signIn } = NextAuth(testConfig())
    const action = async (): Promise<string> => {
      try {
        await signIn("credentials", credentials)
        return "no redirect"
      } catch (error) {
        if (error instanceof AuthError) return "auth error"
        throw error
      }
    }
    await redirectOf(action())
  })
})

describe("signOut() in a server action", () => {
  it("clears the session cookie, then redirects to redirectTo", async () => {
    const { signOut, handlers } = NextAuth(testConfig())
    enterScope({ cookie: await signInCookie(handlers) })
    expect(await redirectOf(signOut({ redirectTo: "/bye" }))).toBe(`${ORIGIN}/bye`)
    expect(writtenCookies().some((line) => line.startsWith(`${SESSION_COOKIE}=;`) && /Max-Age=0/.test(line))).toBe(true)
  })

  it("redirect: false returns the URL", async () => {
    const { signOut, handlers } = NextAuth(testConfig())
    enterScope({ cookie: await signInCookie(handlers), referer: `${ORIGIN}/page` })
    expect(await signOut({ redirect: false })).toBe(`${ORIGIN}/page`)
    expect(writtenCookies().some((line) => line.startsWith(`${SESSION_COOKIE}=;`))).toBe(true)
  })

  it("fires the signOut event with the token", async () => {
    const signOutEvent = vi.fn()
    const { signOut, handlers } = NextAuth(testConfig({ events: { signOut: signOutEvent } }))
    enterScope({ cookie: await signInCookie(handlers) })
    await signOut({ redirect: false })
    expect(signOutEvent).toHaveBeenCalledWith({ token: expect.objectContaining({ name: "Alice" }) })
  })
})

describe("unstable_update() in a server action", () => {
  const config = () =>
    testConfig({
      callbacks: {
        jwt: ({ token, trigger, session }) => {
          const name = (session as { user?: { name?: unknown } } | undefined)?.user?.name
          if (trigger === "update" && typeof name === "string") token.name = name
          return token
        },
      },
    })

  it("runs the jwt callback with trigger update, writes the cookie, and returns the new session", async () => {
    const { unstable_update, handlers, auth } = NextAuth(config())
    enterScope({ cookie: await signInCookie(handlers) })
    expect(await unstable_update({ user: { name: "Alicia" } })).toMatchObject({ user: { name: "Alicia" } })
    expect(scope.cookiesCalls).toBe(1)
    // The next request carries the written cookie: the update persisted.
    enterScope({ cookie: cookiePairs(writtenCookies()) })
    expect(await auth()).toMatchObject({ user: { name: "Alicia" } })
  })

  it("signed out: null, and no session cookie written", async () => {
    const { unstable_update } = NextAuth(config())
    expect(await unstable_update({ user: { name: "X" } })).toBeNull()
    expect(sessionLine()).toBeUndefined()
  })
})
