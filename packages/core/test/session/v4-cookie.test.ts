/**
 * Issue 13 scope 5: a next-auth v4 session cookie signs in on Gatehouse and comes back as a v5 cookie on that response.
 * The v4 encoder below follows next-auth v4's packages/next-auth/src/jwt/index.ts: key = HKDF-SHA256(secret, salt "",
 * info "NextAuth.js Generated Encryption Key", 32 bytes); `EncryptJWT` with `{ alg: "dir", enc: "A256GCM" }`, iat/exp/jti.
 */
import { hkdfSync, randomUUID } from "node:crypto"
import type { Adapter, AdapterSession, AdapterUser, AuthConfig } from "@gatehousejs/core"
import { EncryptJWT } from "jose"
import { describe, expect, it, vi } from "vitest"
import { Browser, SECRET, testConfig } from "../helpers/auth.js"

const V4 = "__Secure-next-auth.session-token"
const V5 = "__Secure-authjs.session-token"
const claims = { name: "Ada", email: "ada@example.com", sub: "user-1" }

/** next-auth v4's `encode({ token, secret })`. */
async function v4Encode(token: Record<string, unknown>, secret: string, maxAge = 30 * 24 * 60 * 60): Promise<string> {
  const key = new Uint8Array(hkdfSync("sha256", secret, "", "NextAuth.js Generated Encryption Key", 32))
  const now = (Date.now() / 1000) | 0
  return new EncryptJWT(token)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(now + maxAge)
    .setJti(randomUUID())
    .encrypt(key)
}

const quiet = () => ({ error: vi.fn(), warn: vi.fn(), debug: vi.fn() })

function setCookies(response: Response): string[] {
  return response.headers.getSetCookie()
}
const expired = (lines: string[], name: string) => lines.some((l) => l.startsWith(`${name}=;`) && /Max-Age=0|Expires=Thu, 01 Jan 1970/.test(l))
const written = (lines: string[], name: string) => lines.some((l) => l.startsWith(`${name}=`) && !l.startsWith(`${name}=;`))

function browser(config: Partial<AuthConfig> = {}, origin?: string): Browser {
  return new Browser(testConfig({ logger: quiet(), ...config }), origin)
}

describe("next-auth v4 session cookies (jwt strategy)", () => {
  it("a v4 cookie signs in; the response sets the v5 cookie and expires the v4 one", async () => {
    const b = browser()
    b.jar.set(V4, await v4Encode(claims, SECRET))
    const response = await b.request("/session")
    expect(await response.json()).toMatchObject({ user: { name: "Ada", email: "ada@example.com" } })
    const lines = setCookies(response)
    expect(written(lines, V5)).toBe(true)
    expect(expired(lines, V4)).toBe(true)
    expect([...b.jar.keys()]).toContain(V5)
    expect(b.jar.has(V4)).toBe(false)
    // The next request is an ordinary v5 session, inside updateAge: no Set-Cookie.
    const again = await b.request("/session")
    expect(await again.json()).toMatchObject({ user: { name: "Ada" } })
    expect(setCookies(again).filter((l) => l.startsWith(V5))).toEqual([])
  })

  it("is re-issued at once even inside updateAge (a fresh v4 token)", async () => {
    const b = browser({ session: { updateAge: 365 * 24 * 60 * 60 } })
    b.jar.set(V4, await v4Encode(claims, SECRET))
    const lines = setCookies(await b.request("/session"))
    expect(written(lines, V5)).toBe(true)
    expect(expired(lines, V4)).toBe(true)
  })

  it("over http the plain v4 name becomes the plain v5 name", async () => {
    const b = browser({}, "http://app.example")
    b.jar.set("next-auth.session-token", await v4Encode(claims, SECRET))
    b.jar.set(V4, "ignored-on-http")
    const response = await b.request("/session")
    expect(await response.json()).toMatchObject({ user: { name: "Ada" } })
    const lines = setCookies(response)
    expect(written(lines, "authjs.session-token")).toBe(true)
    expect(expired(lines, "next-auth.session-token")).toBe(true)
  })

  it("reassembles a chunked v4 cookie (.0, .1) and expires every chunk", async () => {
    const b = browser()
    const token = await v4Encode({ ...claims, blob: "x".repeat(5000) }, SECRET)
    expect(token.length).toBeGreaterThan(3936)
    b.jar.set(`${V4}.0`, token.slice(0, 3936))
    b.jar.set(`${V4}.1`, token.slice(3936))
    const response = await b.request("/session")
    expect(await response.json()).toMatchObject({ user: { name: "Ada" } })
    const lines = setCookies(response)
    expect(expired(lines, `${V4}.0`)).toBe(true)
    expect(expired(lines, `${V4}.1`)).toBe(true)
    expect(written(lines, `${V5}.0`)).toBe(true)
    expect([...b.jar.keys()].some((k) => k.startsWith("__Secure-next-auth"))).toBe(false)
  })

  it("accepts a v4 cookie under an older secret of a rotation list", async () => {
    const b = browser({ secret: [SECRET, "the-old-next-auth-secret"] })
    b.jar.set(V4, await v4Encode(claims, "the-old-next-auth-secret"))
    expect(await (await b.request("/session")).json()).toMatchObject({ user: { name: "Ada" } })
    expect(b.jar.has(V5)).toBe(true)
  })

  it("a wrong secret is null, and the v4 cookie is cleared", async () => {
    const b = browser()
    b.jar.set(V4, await v4Encode(claims, "some-other-secret-entirely"))
    const response = await b.request("/session")
    expect(await response.json()).toBeNull()
    const lines = setCookies(response)
    expect(expired(lines, V4)).toBe(true)
    expect(written(lines, V5)).toBe(false)
  })

  it("an expired v4 token is null and cleared", async () => {
    const b = browser()
    b.jar.set(V4, await v4Encode(claims, SECRET, -3600))
    const response = await b.request("/session")
    expect(await response.json()).toBeNull()
    expect(expired(setCookies(response), V4)).toBe(true)
  })

  it("acceptNextAuthV4Cookies: false ignores the v4 cookie", async () => {
    const b = browser({ session: { acceptNextAuthV4Cookies: false } })
    b.jar.set(V4, await v4Encode(claims, SECRET))
    const response = await b.request("/session")
    expect(await response.json()).toBeNull()
    expect(setCookies(response).filter((l) => l.includes("session-token"))).toEqual([])
  })

  it("with a v5 cookie present, the v4 one is ignored", async () => {
    const b = browser()
    await b.signIn()
    expect(b.jar.has(V5)).toBe(true)
    b.jar.set(V4, await v4Encode({ ...claims, name: "Mallory" }, SECRET))
    const response = await b.request("/session")
    expect(await response.json()).toMatchObject({ user: { name: "Alice" } })
    expect(setCookies(response).some((l) => l.startsWith(V4))).toBe(false)
  })
})

describe("next-auth v4 session cookies (database strategy)", () => {
  function memoryAdapter(): Adapter & { sessions: Map<string, AdapterSession> } {
    const user: AdapterUser = { id: "user-1", name: "Ada", email: "ada@example.com", emailVerified: null }
    const sessions = new Map<string, AdapterSession>()
    const none = async () => null
    return {
      sessions,
      createUser: async (u) => ({ ...u, id: "user-2" }),
      getUser: none,
      getUserByEmail: none,
      getUserByAccount: none,
      updateUser: async (u) => ({ ...user, ...u }),
      linkAccount: async () => undefined,
      createSession: async (s) => (sessions.set(s.sessionToken, s), s),
      getSessionAndUser: async (token) => {
        const session = sessions.get(token)
        return session ? { session, user } : null
      },
      updateSession: async (s) => {
        const session = { ...sessions.get(s.sessionToken)!, ...s }
        sessions.set(s.sessionToken, session)
        return session
      },
      deleteSession: async (token) => void sessions.delete(token),
    }
  }

  it("the opaque v4 token is looked up and moved to the v5 name", async () => {
    const adapter = memoryAdapter()
    adapter.sessions.set("v4-token", { sessionToken: "v4-token", userId: "user-1", expires: new Date(Date.now() + 29 * 86_400_000) })
    const b = browser({ adapter, session: { strategy: "database" } })
    b.jar.set(V4, "v4-token")
    const response = await b.request("/session")
    expect(await response.json()).toMatchObject({ user: { name: "Ada" } })
    const lines = setCookies(response)
    expect(expired(lines, V4)).toBe(true)
    expect(b.jar.get(V5)).toBe("v4-token")
    expect(b.jar.has(V4)).toBe(false)
  })

  it("an unknown v4 token is null and cleared; the option off ignores it", async () => {
    const b = browser({ adapter: memoryAdapter(), session: { strategy: "database" } })
    b.jar.set(V4, "unknown")
    const response = await b.request("/session")
    expect(await response.json()).toBeNull()
    expect(expired(setCookies(response), V4)).toBe(true)

    const adapter = memoryAdapter()
    adapter.sessions.set("v4-token", { sessionToken: "v4-token", userId: "user-1", expires: new Date(Date.now() + 86_400_000) })
    const off = browser({ adapter, session: { strategy: "database", acceptNextAuthV4Cookies: false } })
    off.jar.set(V4, "v4-token")
    expect(await (await off.request("/session")).json()).toBeNull()
  })
})

describe("getToken() and next-auth v4 session cookies", () => {
  const request = (cookie: string, url = "https://app.example/api/data") => new Request(url, { headers: { cookie } })

  it("reads a v4 cookie when no v5 cookie is sent, on https and http", async () => {
    const { getToken } = await import("@gatehousejs/core/jwt")
    const v4 = await v4Encode(claims, SECRET)
    expect(await getToken({ req: request(`${V4}=${v4}`), secret: SECRET })).toMatchObject(claims)
    expect(await getToken({ req: request(`next-auth.session-token=${v4}`, "http://localhost:3000/api"), secret: SECRET })).toMatchObject(claims)
  })

  it("a v5 cookie wins over a v4 one; a v4 cookie under another secret is null", async () => {
    const { encode, getToken } = await import("@gatehousejs/core/jwt")
    const v5 = await encode({ token: { ...claims, name: "Five" }, secret: SECRET, salt: V5 })
    const v4 = await v4Encode(claims, SECRET)
    expect(await getToken({ req: request(`${V4}=${v4}; ${V5}=${v5}`), secret: SECRET })).toMatchObject({ name: "Five" })
    expect(await getToken({ req: request(`${V4}=${await v4Encode(claims, "another-secret-that-is-long-enough-12345")}`), secret: SECRET })).toBeNull()
  })

  it("acceptNextAuthV4Cookies: false, a custom cookieName, or raw: the v4 cookie is not read", async () => {
    const { getToken } = await import("@gatehousejs/core/jwt")
    const req = request(`${V4}=${await v4Encode(claims, SECRET)}`)
    expect(await getToken({ req, secret: SECRET, acceptNextAuthV4Cookies: false })).toBeNull()
    expect(await getToken({ req, secret: SECRET, cookieName: "my-session" })).toBeNull()
    expect(await getToken({ req, secret: SECRET, raw: true })).toBeNull()
  })
})
