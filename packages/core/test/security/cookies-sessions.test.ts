/**
 * Security catalog §6 group B, cookies and sessions (CS-01 … CS-16), with ASVS 3.3.x (§3.1), 7.x (§3.2) and 9.x
 * (§3.6) and the cookie-size rules of §5.4. JWT sessions and database sessions (an in-memory adapter), signed in with
 * the credentials provider.
 *
 * Not applicable yet: nothing in group B. CS-06 is about the pkce, state, nonce and webauthn-challenge cookies, which
 * this build does not write yet, because there is no OAuth or WebAuthn flow; their values are therefore forged in the
 * Auth.js format (a JWE under the check cookie's own name), which is exactly what an attacker would copy.
 */
import { EncryptJWT, SignJWT } from "jose"
import { afterEach, describe, expect, it, vi } from "vitest"
import { decode, encode } from "@gatehousejs/core/jwt"
import type { AuthConfig } from "@gatehousejs/core"
import { Browser, ORIGIN, SECRET } from "../helpers/auth.js"
import {
  alice,
  aliceClaims,
  CALLBACK_COOKIE,
  CSRF_COOKIE,
  deriveKey,
  flipByte,
  forgeJwe,
  form,
  memoryAdapter,
  parseSetCookie,
  PASSWORD,
  RecordingBrowser,
  recordingLogger,
  send,
  SESSION_COOKIE,
  setCookie,
  setCookies,
  testConfig,
  writesSession,
} from "./helpers.js"

const T0 = Date.UTC(2030, 0, 1, 12, 0, 0)
const MAX_AGE = 30 * 24 * 60 * 60
const UPDATE_AGE = 24 * 60 * 60

afterEach(() => {
  vi.useRealTimers()
})

function freezeClock(at = T0): void {
  vi.useFakeTimers({ toFake: ["Date"] })
  vi.setSystemTime(at)
}

function databaseConfig(overrides: Partial<AuthConfig> = {}): { config: AuthConfig; adapter: ReturnType<typeof memoryAdapter> } {
  const adapter = memoryAdapter()
  return { adapter, config: testConfig({ adapter, session: { strategy: "database" }, ...overrides }) }
}

async function sessionBody(response: Response): Promise<{ user?: { name?: string }; blobLength?: number } | null> {
  return (await response.json()) as { user?: { name?: string }; blobLength?: number } | null
}

/** A configuration whose `jwt` callback puts `size` characters into the token at sign-in and drops them on update. */
function bigTokenConfig(size: number, overrides: Partial<AuthConfig> = {}): AuthConfig {
  return testConfig({
    callbacks: {
      jwt: ({ token, user, trigger }) => {
        if (user) return { ...token, blob: "x".repeat(size) }
        if (trigger === "update") {
          const { blob: _blob, ...rest } = token
          return rest
        }
        return token
      },
      session: (params) => ({ ...params.session, blobLength: (params.token?.blob as string | undefined)?.length }),
    },
    ...overrides,
  })
}

function chunksOf(browser: Browser): string[] {
  return [...browser.jar.keys()].filter((name) => name.startsWith(`${SESSION_COOKIE}.`)).sort()
}

describe("B. cookies and sessions", () => {
  it("CS-01 over https every Set-Cookie is Secure, HttpOnly, Path=/ and SameSite=Lax, named __Secure- (CSRF: __Host-)", async () => {
    const browser = new RecordingBrowser(testConfig())
    await browser.request("/signin?callbackUrl=%2Fdashboard")
    const signIn = await browser.signIn()
    expect(signIn.status).toBe(302)
    await browser.request("/signout", { body: { csrfToken: await browser.csrfToken() } })

    const cookies = browser.setCookieLines.map(parseSetCookie)
    const names = new Set(cookies.map((c) => c.name))
    // The rate limits' device cookie (RL-03) is Gatehouse's own: __Host-, this host only.
    expect(names).toEqual(new Set([SESSION_COOKIE, CSRF_COOKIE, CALLBACK_COOKIE, "__Host-gatehouse.device"]))
    for (const cookie of cookies) {
      expect(cookie.attributes, cookie.line).toMatchObject({ secure: true, httponly: true, path: "/", samesite: "Lax" })
      expect(cookie.name, cookie.line).toMatch(/^(__Secure-|__Host-)/)
    }
    for (const hostOnly of [CSRF_COOKIE, "__Host-gatehouse.device"]) {
      expect(cookies.find((c) => c.name === hostOnly)!.attributes.domain).toBeUndefined() // __Host- requires no Domain and Path=/
    }
  })

  it("CS-02 over http://localhost the cookies have no Secure flag and no prefix, and sign-in still works", async () => {
    const browser = new RecordingBrowser(testConfig(), "http://localhost:3000")
    await browser.request("/signin?callbackUrl=%2Fdashboard")
    const signIn = await browser.signIn()
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get("location")).toBe("http://localhost:3000/dashboard")

    const cookies = browser.setCookieLines.map(parseSetCookie)
    expect(new Set(cookies.map((c) => c.name))).toEqual(new Set(["authjs.session-token", "authjs.csrf-token", "authjs.callback-url", "gatehouse.device"]))
    for (const cookie of cookies) {
      expect(cookie.attributes.secure, cookie.line).toBeUndefined()
      expect(cookie.attributes, cookie.line).toMatchObject({ httponly: true, path: "/", samesite: "Lax" })
    }
    expect(await browser.session()).toMatchObject({ user: { name: "Alice" } })
  })

  it("CS-03 a planted JWT session cookie is replaced at sign-in by a different token for the signed-in user", async () => {
    const config = testConfig()
    const planted = await encode({ secret: SECRET, salt: SESSION_COOKIE, token: { name: "Mallory", email: "m@evil.example", sub: "mallory" } })
    const browser = new Browser(config)
    browser.jar.set(SESSION_COOKIE, planted)
    expect(await browser.session()).toMatchObject({ user: { name: "Mallory" } }) // the fixation precondition holds

    const response = await browser.signIn()
    const issued = setCookie(response, SESSION_COOKIE)
    expect(issued?.value).toBeTruthy()
    expect(issued!.value).not.toBe(planted)
    expect(browser.jar.get(SESSION_COOKIE)).toBe(issued!.value)
    expect(await browser.session()).toMatchObject({ user: { name: "Alice", email: "alice@example.com" } })
    // A JWT is self-contained: the attacker's own copy stays valid until its exp (a documented limitation, §3.2 7.4.1);
    // what matters is that the victim's browser no longer carries it.
  })

  it("CS-03 (database) sign-in over a planted session token issues a new token and deletes the planted session row", async () => {
    const adapter = memoryAdapter([alice, { id: "m1", name: "Mallory", email: "m@evil.example", emailVerified: null }])
    const config = testConfig({ adapter, session: { strategy: "database" } })
    const planted = "planted-session-token-0000000000000000"
    adapter.sessions.set(planted, { sessionToken: planted, userId: "m1", expires: new Date(Date.now() + 3_600_000) })
    const browser = new Browser(config)
    browser.jar.set(SESSION_COOKIE, planted)
    expect(await browser.session()).toMatchObject({ user: { name: "Mallory" } })

    const response = await browser.signIn()
    const issued = setCookie(response, SESSION_COOKIE)
    expect(issued?.value).toBeTruthy()
    expect(issued!.value).not.toBe(planted)
    expect(adapter.sessions.has(planted)).toBe(false)
    expect(await browser.session()).toMatchObject({ user: { name: "Alice" } })
    const replay = await send(config, "/session", { cookie: `${SESSION_COOKIE}=${planted}` })
    expect(await replay.json()).toBeNull()
  })

  describe("CS-04 a session JWE with one flipped byte yields null, clears the cookie, status 200", () => {
    it.each([
      ["protected header", 0],
      ["IV", 2],
      ["ciphertext", 3],
      ["authentication tag", 4],
    ])("CS-04 one flipped byte in the %s", async (_part, segment) => {
      const config = testConfig()
      const token = await encode({ secret: SECRET, salt: SESSION_COOKIE, token: aliceClaims })
      const valid = await send(config, "/session", { cookie: `${SESSION_COOKIE}=${token}` })
      expect(await sessionBody(valid)).toMatchObject({ user: { name: "Alice" } })

      const tampered = flipByte(token, segment)
      expect(tampered).not.toBe(token)
      const response = await send(config, "/session", { cookie: `${SESSION_COOKIE}=${tampered}` })
      expect(response.status).toBe(200)
      expect(await response.json()).toBeNull()
      expect(setCookie(response, SESSION_COOKIE)?.expired).toBe(true)
    })
  })

  describe("CS-05 a session token with a foreign algorithm or header yields null", () => {
    const now = () => Math.floor(Date.now() / 1000)
    const claims = () => ({ ...aliceClaims, iat: now(), exp: now() + 3600, jti: crypto.randomUUID() })
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
    const attackerKey = Buffer.alloc(64, 7)

    it("CS-05 control: the hand-made dir + A256CBC-HS512 token with the standard header is a valid session", async () => {
      const response = await send(testConfig(), "/session", { cookie: `${SESSION_COOKIE}=${forgeJwe({ claims: aliceClaims })}` })
      expect(await sessionBody(response)).toMatchObject({ user: { name: "Alice" } })
    })

    it.each<[string, () => Promise<string> | string]>([
      ["alg A256KW (a real key-wrapped JWE)", () => new EncryptJWT(claims()).setProtectedHeader({ alg: "A256KW", enc: "A256CBC-HS512" }).encrypt(deriveKey(SECRET, SESSION_COOKIE, 32))],
      ["alg A256KW in the header of a dir-encrypted token", () => forgeJwe({ header: { alg: "A256KW" }, claims: aliceClaims })],
      ["enc A128GCM (a real dir + A128GCM JWE)", () => new EncryptJWT(claims()).setProtectedHeader({ alg: "dir", enc: "A128GCM" }).encrypt(deriveKey(SECRET, SESSION_COOKIE, 16))],
      ["enc A128GCM in the header of an A256CBC-HS512 token", () => forgeJwe({ header: { enc: "A128GCM" }, claims: aliceClaims })],
      ["a plain JWS (HS256 over the derived key)", () => new SignJWT(claims()).setProtectedHeader({ alg: "HS256" }).sign(deriveKey(SECRET, SESSION_COOKIE, 32))],
      ["an unsecured JWT (alg none)", () => `${b64({ alg: "none" })}.${b64(claims())}.`],
      ["alg none in a JWE header", () => forgeJwe({ header: { alg: "none" }, claims: aliceClaims })],
      ["a zip: DEF header over a deflated payload", () => forgeJwe({ header: { zip: "DEF" }, zip: true, claims: aliceClaims })],
      ["a crit header", () => forgeJwe({ header: { crit: ["x-ext"], "x-ext": 1 }, claims: aliceClaims })],
      ["a jwk header naming the attacker's key (9.1.3)", () => forgeJwe({ key: attackerKey, header: { kid: undefined, jwk: { kty: "oct", k: attackerKey.toString("base64url") } }, claims: aliceClaims })],
      ["a jku header naming the attacker's key set (9.1.3)", () => forgeJwe({ key: attackerKey, header: { kid: undefined, jku: "https://evil.example/jwks.json" }, claims: aliceClaims })],
    ])("CS-05 %s", async (_name, make) => {
      const response = await send(testConfig(), "/session", { cookie: `${SESSION_COOKIE}=${await make()}` })
      expect(response.status).toBe(200)
      expect(await response.json()).toBeNull()
    })
  })

  describe("CS-06 a value minted for another cookie, placed in the session cookie, yields null (CVE-2023-48309 class)", () => {
    it.each([
      "__Secure-authjs.pkce.code_verifier",
      "__Secure-authjs.state",
      "__Secure-authjs.nonce",
      "__Secure-authjs.challenge",
      "encodedState",
      "encodedWebauthnChallenge",
      "authjs.session-token", // the http deployment's session token, replayed on https
    ])("CS-06 a JWE made with salt %s", async (salt) => {
      const value = await encode({ secret: SECRET, salt, maxAge: 900, token: { ...aliceClaims, value: "check-value", provider: "github" } })
      const response = await send(testConfig(), "/session", { cookie: `${SESSION_COOKIE}=${value}` })
      expect(response.status).toBe(200)
      expect(await response.json()).toBeNull()
    })

    it("CS-06 the CSRF cookie's value in the session cookie", async () => {
      const browser = new Browser(testConfig())
      await browser.csrfToken()
      const csrf = browser.jar.get(CSRF_COOKIE)!
      const response = await send(testConfig(), "/session", { cookie: `${SESSION_COOKIE}=${csrf}` })
      expect(response.status).toBe(200)
      expect(await response.json()).toBeNull()
    })
  })

  it("CS-07 a JWT session past maxAge + 16 s yields null and the response expires the cookie", async () => {
    freezeClock()
    const browser = new Browser(testConfig())
    await browser.signIn()
    expect(await browser.session()).toMatchObject({ user: { name: "Alice" } })

    vi.setSystemTime(T0 + (MAX_AGE + 16) * 1000)
    const response = await browser.request("/session")
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
    expect(setCookie(response, SESSION_COOKIE)?.expired).toBe(true)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("CS-08 a JWT session younger than updateAge sets no cookie on /session; an older one is re-issued with a later exp", async () => {
    freezeClock()
    const browser = new Browser(testConfig())
    await browser.signIn()
    const first = browser.jar.get(SESSION_COOKIE)!
    const firstExp = (await decode({ secret: SECRET, salt: SESSION_COOKIE, token: first }))!.exp!

    vi.setSystemTime(T0 + 60_000)
    const fresh = await browser.request("/session")
    expect(await sessionBody(fresh)).toMatchObject({ user: { name: "Alice" } })
    expect(fresh.headers.getSetCookie()).toEqual([])

    vi.setSystemTime(T0 + (UPDATE_AGE - 1) * 1000)
    expect((await browser.request("/session")).headers.getSetCookie()).toEqual([])

    vi.setSystemTime(T0 + (UPDATE_AGE + 1) * 1000)
    const old = await browser.request("/session")
    expect(await sessionBody(old)).toMatchObject({ user: { name: "Alice" } })
    const reissued = setCookie(old, SESSION_COOKIE)
    expect(reissued?.value).toBeTruthy()
    expect(reissued!.value).not.toBe(first)
    const claims = (await decode({ secret: SECRET, salt: SESSION_COOKIE, token: reissued!.value }))!
    expect(claims.exp!).toBeGreaterThan(firstExp)
    expect(claims.exp).toBe(Math.floor((T0 + (UPDATE_AGE + 1) * 1000) / 1000) + MAX_AGE)
  })

  it("CS-08 (database) the session row is extended, and the cookie re-set, only once updateAge has passed", async () => {
    freezeClock()
    const { config, adapter } = databaseConfig()
    const browser = new Browser(config)
    await browser.signIn()
    adapter.calls.length = 0

    vi.setSystemTime(T0 + 60_000)
    const fresh = await browser.request("/session")
    expect(await sessionBody(fresh)).toMatchObject({ user: { name: "Alice" } })
    expect(fresh.headers.getSetCookie()).toEqual([])
    expect(adapter.calls).toEqual(["getSessionAndUser"])

    adapter.calls.length = 0
    vi.setSystemTime(T0 + (UPDATE_AGE + 1) * 1000)
    const old = await browser.request("/session")
    expect(await sessionBody(old)).toMatchObject({ user: { name: "Alice" } })
    expect(adapter.calls).toEqual(["getSessionAndUser", "updateSession"])
    expect(writesSession(old)).toBe(true)
    const [row] = [...adapter.sessions.values()]
    expect(row!.expires.valueOf()).toBe(T0 + (UPDATE_AGE + 1 + MAX_AGE) * 1000)
  })

  it("CS-09 a database session past its expires yields null, deletes the row and clears the cookie", async () => {
    freezeClock()
    const { config, adapter } = databaseConfig()
    const browser = new Browser(config)
    await browser.signIn()
    expect(adapter.sessions.size).toBe(1)

    vi.setSystemTime(T0 + (MAX_AGE + 1) * 1000)
    const response = await browser.request("/session")
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
    expect(adapter.sessions.size).toBe(0)
    expect(setCookie(response, SESSION_COOKIE)?.expired).toBe(true)
  })

  it("CS-10 POST /signout with CSRF clears the JWT session cookie", async () => {
    const browser = new Browser(testConfig())
    await browser.signIn()
    const response = await browser.request("/signout", { body: { csrfToken: await browser.csrfToken() } })
    expect(response.status).toBe(302)
    expect(setCookie(response, SESSION_COOKIE)?.expired).toBe(true)
    expect(await browser.session()).toBeNull()
  })

  it("CS-10 (database) after POST /signout the row is gone and replaying the old cookie yields null", async () => {
    const { config, adapter } = databaseConfig()
    const browser = new Browser(config)
    await browser.signIn()
    const token = browser.jar.get(SESSION_COOKIE)!
    expect(adapter.sessions.has(token)).toBe(true)

    const response = await browser.request("/signout", { body: { csrfToken: await browser.csrfToken() } })
    expect(response.status).toBe(302)
    expect(setCookie(response, SESSION_COOKIE)?.expired).toBe(true)
    expect(adapter.sessions.has(token)).toBe(false)
    const replay = await send(config, "/session", { cookie: `${SESSION_COOKIE}=${token}` })
    expect(replay.status).toBe(200)
    expect(await replay.json()).toBeNull()
  })

  describe("CS-11 secret rotation", () => {
    const OLD = "the-old-secret-that-is-being-rotated-out-0000"
    const NEW = "the-new-secret-that-replaces-the-old-one-1111"

    it("CS-11 with [new, old] a token under the old secret is accepted and re-issued under the new secret on the next read", async () => {
      const token = await encode({ secret: OLD, salt: SESSION_COOKIE, token: aliceClaims })
      const response = await send(testConfig({ secret: [NEW, OLD] }), "/session", { cookie: `${SESSION_COOKIE}=${token}` })
      expect(response.status).toBe(200)
      expect(await sessionBody(response)).toMatchObject({ user: { name: "Alice" } })
      const reissued = setCookie(response, SESSION_COOKIE)
      expect(reissued?.value, "no re-issued session cookie").toBeTruthy()
      expect(await decode({ secret: NEW, salt: SESSION_COOKIE, token: reissued!.value })).toMatchObject(aliceClaims)
    })

    it("CS-11 with [new] only, a token under the old secret yields null, status 200, and nothing is thrown", async () => {
      const token = await encode({ secret: OLD, salt: SESSION_COOKIE, token: aliceClaims })
      const { logger, entries } = recordingLogger()
      const response = await send(testConfig({ secret: [NEW], logger }), "/session", { cookie: `${SESSION_COOKIE}=${token}` })
      expect(response.status).toBe(200)
      expect(await response.json()).toBeNull()
      expect(setCookie(response, SESSION_COOKIE)?.expired).toBe(true)
      // Anyone can send an undecryptable cookie: a one-line warning, not an error (issue 12).
      expect(entries.filter((e) => e.level === "error")).toEqual([])
      expect(entries.filter((e) => e.level === "warn").map((e) => e.code)).toEqual(["session-cookie-invalid"])
    })
  })

  it("CS-12 a 12 KB session payload is chunked .0, .1, .2 … each within 4096 bytes, and reassembled on the next request", async () => {
    const browser = new Browser(bigTokenConfig(12_000))
    const response = await browser.signIn()
    const chunks = setCookies(response).filter((c) => c.name.startsWith(`${SESSION_COOKIE}.`))
    expect(chunks.length).toBeGreaterThanOrEqual(3)
    expect(chunks.map((c) => c.name)).toEqual(chunks.map((_, i) => `${SESSION_COOKIE}.${i}`))
    for (const chunk of chunks) {
      expect(Buffer.byteLength(chunk.line)).toBeLessThanOrEqual(4096)
      expect(chunk.value.length).toBeLessThanOrEqual(3936)
    }
    expect(setCookie(response, SESSION_COOKIE)).toBeUndefined()
    expect(await browser.session()).toMatchObject({ user: { name: "Alice" }, blobLength: 12_000 })
  })

  it("CS-12 a session cookie over 8 KB logs one session-cookie-large warning", async () => {
    vi.resetModules() // the warning is once per process: start from a fresh module
    const { Auth } = await import("@gatehousejs/core")
    const { logger, entries } = recordingLogger()
    const config = testConfig({ logger, session: { updateAge: 0 } })
    const token = await encode({ secret: SECRET, salt: SESSION_COOKIE, token: { ...aliceClaims, blob: "y".repeat(9000) } })
    const cookie = [0, 1, 2, 3].map((i) => `${SESSION_COOKIE}.${i}=${token.slice(i * 3936, (i + 1) * 3936)}`).filter((c) => !c.endsWith("=")).join("; ")
    for (let i = 0; i < 3; i++) {
      const response = await Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie } }), config)
      expect(await sessionBody(response)).toMatchObject({ user: { name: "Alice" } })
    }
    expect(entries.filter((e) => e.code === "session-cookie-large")).toHaveLength(1)
  })

  it("CS-13 when the session shrinks from 3 chunks to 1, the same response expires .1 and .2", async () => {
    const browser = new Browser(bigTokenConfig(7_000))
    await browser.signIn()
    expect(chunksOf(browser)).toEqual([0, 1, 2].map((i) => `${SESSION_COOKIE}.${i}`))

    const response = await browser.request("/session", { json: { csrfToken: await browser.csrfToken(), data: { shrink: true } } })
    expect(response.status).toBe(200)
    expect(setCookie(response, `${SESSION_COOKIE}.1`)?.expired).toBe(true)
    expect(setCookie(response, `${SESSION_COOKIE}.2`)?.expired).toBe(true)
    expect(setCookie(response, `${SESSION_COOKIE}.0`)?.expired).toBe(true)
    expect(setCookie(response, SESSION_COOKIE)?.expired).toBe(false)
    expect(chunksOf(browser)).toEqual([])
    expect(await browser.session()).toEqual(expect.objectContaining({ user: expect.objectContaining({ name: "Alice" }) }))
    expect(((await browser.session()) as { blobLength?: number }).blobLength).toBeUndefined()
  })

  describe("CS-14 odd chunk sets give a correct session or null, never a 500", () => {
    async function chunkedSession(): Promise<{ config: AuthConfig; chunks: string[] }> {
      const config = bigTokenConfig(7_000)
      const browser = new Browser(config)
      await browser.signIn()
      return { config, chunks: [0, 1, 2].map((i) => browser.jar.get(`${SESSION_COOKIE}.${i}`)!) }
    }

    it("CS-14 chunks sent in reverse order reassemble to the same session", async () => {
      const { config, chunks } = await chunkedSession()
      const cookie = [2, 1, 0].map((i) => `${SESSION_COOKIE}.${i}=${chunks[i]}`).join("; ")
      const response = await send(config, "/session", { cookie })
      expect(response.status).toBe(200)
      expect(await sessionBody(response)).toMatchObject({ user: { name: "Alice" }, blobLength: 7_000 })
    })

    it("CS-14 a missing middle chunk yields null with status 200", async () => {
      const { config, chunks } = await chunkedSession()
      const response = await send(config, "/session", { cookie: `${SESSION_COOKIE}.0=${chunks[0]}; ${SESSION_COOKIE}.2=${chunks[2]}` })
      expect(response.status).toBe(200)
      expect(await response.json()).toBeNull()
    })

    it("CS-14 a bogus .9 chunk next to a valid set gives the valid session or null, status 200", async () => {
      const { config, chunks } = await chunkedSession()
      const cookie = [...[0, 1, 2].map((i) => `${SESSION_COOKIE}.${i}=${chunks[i]}`), `${SESSION_COOKIE}.9=garbage`].join("; ")
      const response = await send(config, "/session", { cookie })
      expect(response.status).toBe(200)
      const body = await sessionBody(response)
      expect(body === null || (body.user?.name === "Alice" && body.blobLength === 7_000)).toBe(true)
    })

    it("CS-14 an unsuffixed session cookie next to chunks gives a session or null, status 200", async () => {
      const { config, chunks } = await chunkedSession()
      const cookie = [`${SESSION_COOKIE}=garbage`, ...[0, 1, 2].map((i) => `${SESSION_COOKIE}.${i}=${chunks[i]}`)].join("; ")
      const response = await send(config, "/session", { cookie })
      expect(response.status).toBe(200)
      const body = await sessionBody(response)
      expect(body === null || body.user?.name === "Alice").toBe(true)
    })
  })

  it("CS-15 the /session response is private and uncacheable and its JSON holds no raw token", async () => {
    const browser = new Browser(testConfig())
    await browser.signIn()
    const token = browser.jar.get(SESSION_COOKIE)!
    const response = await browser.request("/session")
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store")
    const text = await response.text()
    expect(JSON.parse(text)).toMatchObject({ user: { name: "Alice" } })
    expect(text).not.toContain(token)
    for (const segment of token.split(".").filter(Boolean)) expect(text).not.toContain(segment.slice(0, 16))
    expect(text).not.toMatch(/sessionToken|session-token|[A-Za-z0-9_-]{16,}\.\.[A-Za-z0-9_-]{16,}/)
  })

  it("CS-15 (database) the /session response is private and uncacheable and its JSON holds no session id", async () => {
    const { config } = databaseConfig()
    const browser = new Browser(config)
    await browser.signIn()
    const token = browser.jar.get(SESSION_COOKIE)!
    const response = await browser.request("/session")
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store")
    const text = await response.text()
    expect(JSON.parse(text)).toMatchObject({ user: { name: "Alice" } })
    expect(text).not.toContain(token)
    expect(text).not.toMatch(/sessionToken|userId/)
  })

  it("CS-16 GET /session without a session cookie is 200 null and makes no adapter call", async () => {
    const { config, adapter } = databaseConfig()
    const none = await send(config, "/session")
    expect(none.status).toBe(200)
    expect(await none.json()).toBeNull()
    const empty = await send(config, "/session", { cookie: `${SESSION_COOKIE}=; other=1` })
    expect(empty.status).toBe(200)
    expect(await empty.json()).toBeNull()
    expect(adapter.calls).toEqual([])
  })

  it("ASVS 7.2.3 database session tokens are unique and at least 22 characters over 10^4 sign-ins", async () => {
    const { config, adapter } = databaseConfig()
    const browser = new Browser(config)
    const csrfToken = await browser.csrfToken()
    const credentials = form({ username: "alice", password: PASSWORD, csrfToken })
    const seen = new Set<string>()
    for (let i = 0; i < 10_000; i++) {
      const response = await send(config, "/callback/credentials", { ...credentials, cookie: `${CSRF_COOKIE}=${browser.jar.get(CSRF_COOKIE)}` })
      const token = setCookie(response, SESSION_COOKIE)!.value
      expect(token.length).toBeGreaterThanOrEqual(22)
      seen.add(token)
    }
    expect(seen.size).toBe(10_000)
    expect(adapter.sessions.size).toBe(10_000)
  }, 60_000)
})
