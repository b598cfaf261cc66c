/**
 * Regression tests for Auth.js's 2026 advisories (issue 25 item 5; security catalog §4.1), each named after the
 * advisory, through the engine as an application uses it. SECURITY.md, "Auth.js advisories of 2026", says why
 * Gatehouse is not affected; these pin it.
 *
 * - GHSA-7rqj-j65f-68wh: an address validated before canonicalisation (U+FF20 / U+FE6B becoming an ASCII @).
 * - GHSA-xmf8-cvqr-rfgj: `getToken` decoding the Bearer header unguarded (an uncaught URIError, a 500).
 * - GHSA-x445-f3h2-j279: OAuth check cookies (state, PKCE, nonce) not bound to the provider that minted them.
 * - GHSA-8fpg-xm3f-6cx3: fail-open, a misconfiguration's 500 JSON body taken for a session.
 */
import { customFetch, Gatehouse, type AuthConfig, type OAuthConfig, type OIDCConfig, type SendVerificationRequestParams } from "@gatehousejs/core"
import { clearDiscoveryCache } from "@gatehousejs/core/oauth/server"
import { Email } from "@gatehousejs/core/providers"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { encode, getToken } from "../../src/jwt.js"
import { memoryStore } from "../email/memory-store.js"
import { BASE, Browser, ORIGIN, SECRET, users } from "../helpers/auth.js"
import { CHECK_COOKIES, deliver, expectRejected, expectSignedIn, recordingFetch, startSignIn, type RecordedRequest } from "../oauth/flow.js"
import { RogueOp } from "../oauth/rogue-op.js"
import { memoryAdapter, recordingLogger, SESSION_COOKIE, testConfig, writesSession, type MemoryAdapter } from "./helpers.js"

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

// ---------------------------------------------------------------------------------------------------------------------

describe("GHSA-7rqj-j65f-68wh e-mail validated before canonicalisation (fullwidth and small @)", () => {
  function setup() {
    const store = memoryStore()
    const outbox: SendVerificationRequestParams[] = []
    const signIn = vi.fn((_params: unknown) => true)
    const config = testConfig({
      adapter: store,
      callbacks: { signIn },
      providers: [Email({ sendVerificationRequest: (params) => void outbox.push(params) })],
    })
    return { store, outbox, signIn, browser: new Browser(config) }
  }

  beforeEach(() => vi.stubEnv("AUTH_URL", `${ORIGIN}${BASE}`))

  it.each([
    ["U+FF20 (fullwidth @)", "attacker@evil.com\uFF20victim.com"],
    ["U+FE6B (small @)", "attacker@evil.com\uFE6Bvictim.com"],
    ["U+FF20 in a domain-looking local part", "attacker\uFF20victim.com@evil.com"],
  ])("GHSA-7rqj-j65f-68wh %s: POST /signin/email is refused, no mail, no verification token, signIn never called", async (_name, email) => {
    const { browser, store, outbox, signIn } = setup()
    const csrfToken = await browser.csrfToken()
    const response = await browser.request("/signin/email", { body: { email, csrfToken, callbackUrl: "/welcome" } })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${ORIGIN}${BASE}/signin?error=EmailSignin`)
    expect(outbox).toEqual([])
    expect(store.tokens.size).toBe(0)
    expect(store.calls.map((c) => c.method)).not.toContain("createVerificationToken")
    expect(signIn).not.toHaveBeenCalled()
    expect(writesSession(response)).toBe(false)
  })

  it("GHSA-7rqj-j65f-68wh (control) a plain address on the same setup gets its link, to that one address", async () => {
    const { browser, store, outbox } = setup()
    const csrfToken = await browser.csrfToken()
    await browser.request("/signin/email", { body: { email: "attacker@evil.com", csrfToken } })
    expect(outbox.map((m) => m.identifier)).toEqual(["attacker@evil.com"])
    expect([...store.tokens.values()].map((t) => t.identifier)).toEqual(["attacker@evil.com"])
  })
})

// ---------------------------------------------------------------------------------------------------------------------

describe("GHSA-xmf8-cvqr-rfgj a malformed Bearer header", () => {
  const COOKIE = "authjs.session-token"
  const bad: [string, string][] = [
    ["a lone %", "Bearer %"],
    ["a truncated escape", "Bearer abc%E"],
    ["an encoded lone surrogate", "Bearer %ED%A0%80"],
    ["64 kB of %", `Bearer ${"%".repeat(64 * 1024)}`],
  ]

  beforeEach(() => {
    for (const name of ["AUTH_SECRET", "AUTH_SECRET_1", "NEXTAUTH_SECRET"]) vi.stubEnv(name, "")
  })

  it.each(bad)("GHSA-xmf8-cvqr-rfgj getToken with %s resolves null (decoded and raw), never throws", async (_name, authorization) => {
    const req = new Request("https://app.example/api", { headers: { authorization } })
    await expect(getToken({ req, secret: SECRET })).resolves.toBeNull()
    await expect(getToken({ req, secret: SECRET, raw: true })).resolves.toBeNull()
    await expect(getToken({ req: { headers: { authorization } }, secret: SECRET })).resolves.toBeNull()
  })

  it("GHSA-xmf8-cvqr-rfgj getToken with a raw lone surrogate (a plain headers object) resolves null", async () => {
    for (const authorization of ["Bearer \ud800", "Bearer abc\udfff", `Bearer ${"\ud800".repeat(1024)}`]) {
      await expect(getToken({ req: { headers: { authorization } }, secret: SECRET })).resolves.toBeNull()
      await expect(getToken({ req: { headers: { authorization } }, secret: SECRET, raw: true })).resolves.toBeNull()
    }
  })

  it("GHSA-xmf8-cvqr-rfgj (control) a well-formed url-encoded Bearer token still decodes", async () => {
    const token = await encode({ token: { sub: "user-1" }, secret: SECRET, salt: COOKIE })
    const req = new Request("https://app.example/api", { headers: { authorization: `Bearer ${encodeURIComponent(token)}` } })
    expect(await getToken({ req, secret: SECRET, secureCookie: false })).toMatchObject({ sub: "user-1" })
  })

  it.each(bad)("GHSA-xmf8-cvqr-rfgj GET /session and auth() with %s: 200 null, never 500", async (_name, authorization) => {
    const config = testConfig()
    const session = await new Browser(config).request("/session", { headers: { authorization } })
    expect(session.status).toBe(200)
    expect(await session.json()).toBeNull()
    const { auth } = Gatehouse(config)
    expect(await auth(new Request(`${ORIGIN}/page`, { headers: { authorization } }))).toBeNull()
    const wrapped = await auth((request) => Response.json({ auth: request.auth }))(new Request(`${ORIGIN}/page`, { headers: { authorization } }))
    expect(wrapped.status).toBe(200)
    expect(await wrapped.json()).toEqual({ auth: null })
  })

  it("GHSA-xmf8-cvqr-rfgj a signed-in browser sending a malformed Bearer header keeps its session (the cookie wins), no 500", async () => {
    const browser = new Browser(testConfig())
    await browser.signIn()
    const session = await browser.request("/session", { headers: { authorization: "Bearer %", cookie: browser.cookieHeader() } })
    expect(session.status).toBe(200)
    expect(await session.json()).toMatchObject({ user: { email: users.alice!.email } })
  })
})

// ---------------------------------------------------------------------------------------------------------------------

describe("GHSA-x445-f3h2-j279 OAuth check cookies bound to the provider that minted them", () => {
  let opA: RogueOp
  let opB: RogueOp

  beforeAll(async () => {
    ;[opA, opB] = await Promise.all([RogueOp.start(), RogueOp.start()])
  })
  afterAll(async () => {
    await Promise.all([opA.close(), opB.close()])
  })
  beforeEach(async () => {
    clearDiscoveryCache()
    await Promise.all([opA.reset(), opB.reset()])
  })

  interface Rig {
    config: AuthConfig
    log: ReturnType<typeof recordingLogger>
    adapter: MemoryAdapter
    fetched: RecordedRequest[]
  }

  function rig(providers: (OIDCConfig | OAuthConfig)[]): Rig {
    const log = recordingLogger()
    const adapter = memoryAdapter([])
    const recorder = recordingFetch()
    const config = testConfig({
      logger: log.logger,
      adapter,
      session: { strategy: "jwt" },
      providers: providers.map((p) => ({ ...p, [customFetch]: recorder.fetch })),
    })
    return { config, log, adapter, fetched: recorder.calls }
  }

  /** Provider "a" on OP A; provider "b" on OP B (another issuer) or, with `sameOp`, a second client at OP A. */
  function twoProviders(sameOp: boolean): Rig {
    const a = opA.oidcProvider({ id: "a", name: "A", idToken: false })
    const b = sameOp ? opA.oidcProvider({ id: "b", name: "B", idToken: false }) : opB.oidcProvider({ id: "b", name: "B", idToken: false })
    return rig([a, b])
  }

  async function callbackFrom(browser: Browser, providerId: "a" | "b", op: RogueOp): Promise<URL> {
    const { authorizationUrl } = await startSignIn(browser, providerId)
    expect(authorizationUrl?.origin, `POST /signin/${providerId} redirects to its OP`).toBe(new URL(op.issuer).origin)
    return op.authorize(authorizationUrl!)
  }

  const adapterWrites = new Set(["createUser", "updateUser", "linkAccount", "createSession", "updateSession", "deleteSession"])

  function expectNothingHappened(r: Rig, browser: Browser): void {
    expect(r.fetched.filter((c) => /\/(token|userinfo)$/.test(c.url.pathname)), "no token or userinfo request").toEqual([])
    expect(opA.count("/token") + opB.count("/token")).toBe(0)
    expect(r.adapter.calls.filter((c) => adapterWrites.has(c)), "nothing stored").toEqual([])
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  }

  it.each([
    ["a second client at the same OP", true],
    ["a second OP", false],
  ])("GHSA-x445-f3h2-j279 A's callback parameters and cookies delivered to /callback/b (%s) are refused, no session", async (_name, sameOp) => {
    const r = twoProviders(sameOp)
    const browser = new Browser(r.config)
    const callbackA = await callbackFrom(browser, "a", opA)
    expect(CHECK_COOKIES.every((name) => browser.jar.has(name)), "A minted state, PKCE and nonce cookies").toBe(true)
    const atB = new URL(callbackA.href.replace(`${BASE}/callback/a?`, `${BASE}/callback/b?`))
    expect(atB.pathname).toBe(`${BASE}/callback/b`)
    const response = await deliver(browser, atB)
    expectRejected(response)
    expectNothingHappened(r, browser)
    // On the same issuer nothing else tells A from B: the refusal is the provider binding itself.
    if (sameOp) expect(r.log.text()).toMatch(/issued for another provider/)
    expect(await new Browser(r.config).request("/session", { headers: { cookie: browser.cookieHeader() } }).then((s) => s.json())).toBeNull()
  })

  it.each(CHECK_COOKIES.map((name) => [name]))(
    "GHSA-x445-f3h2-j279 B's genuine callback with A's %s cookie in place of B's is refused before any token request",
    async (swapped) => {
      const r = twoProviders(true)
      const browserA = new Browser(r.config)
      await callbackFrom(browserA, "a", opA)
      const browserB = new Browser(r.config)
      const callbackB = await callbackFrom(browserB, "b", opA)
      const jar = new Map(browserB.jar)
      jar.set(swapped, browserA.jar.get(swapped)!)
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ")
      const response = await deliver(browserB, callbackB, { cookie })
      expectRejected(response)
      expectNothingHappened(r, browserB)
      expect(r.log.text()).toMatch(/issued for another provider/)
    },
  )

  it("GHSA-x445-f3h2-j279 (control) B's callback with B's own cookies signs in", async () => {
    const r = twoProviders(true)
    const browser = new Browser(r.config)
    expectSignedIn(await deliver(browser, await callbackFrom(browser, "b", opA)))
  })
})

// ---------------------------------------------------------------------------------------------------------------------

describe("GHSA-8fpg-xm3f-6cx3 a misconfiguration never reads as a session (fail closed)", () => {
  const broken: [string, () => Partial<AuthConfig>][] = [
    ["an OAuth provider without issuer or endpoints", () => ({ providers: [{ id: "broken", name: "Broken", type: "oauth" } as never] })],
    [
      "no secret, in production",
      () => {
        vi.stubEnv("NODE_ENV", "production")
        vi.stubEnv("AUTH_URL", `${ORIGIN}${BASE}`)
        for (const name of ["AUTH_SECRET", "AUTH_SECRET_1", "NEXTAUTH_SECRET"]) vi.stubEnv(name, "")
        return { secret: undefined }
      },
    ],
    ["database sessions without an adapter", () => ({ session: { strategy: "database" } })],
  ]

  async function aliceCookie(): Promise<string> {
    const result = await Gatehouse(testConfig()).signIn(new Request(`${ORIGIN}/login`), "credentials", {
      username: "alice",
      password: users.alice!.password,
      redirect: false,
    })
    const line = result.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    expect(line).toBeDefined()
    return line!.split(";")[0]!
  }

  it.each(broken)("GHSA-8fpg-xm3f-6cx3 %s: /session is not 2xx, and auth() and auth(fn) give null", async (_name, breakIt) => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const cookie = await aliceCookie()
    const config = testConfig(breakIt())
    const { auth, handlers } = Gatehouse(config)

    const session = await handlers.GET(new Request(`${ORIGIN}${BASE}/session`, { headers: { cookie } }))
    expect(session.status).toBeGreaterThanOrEqual(400)
    expect(writesSession(session)).toBe(false)
    // The body is an error message, which is exactly what must never be read as a session.
    const body = (await session.json()) as unknown
    expect(body).not.toMatchObject({ user: expect.anything() })

    expect(await auth(new Request(`${ORIGIN}/page`, { headers: { cookie } }))).toBeNull()
    const wrapped = await auth((request) => Response.json({ auth: request.auth }))(new Request(`${ORIGIN}/page`, { headers: { cookie } }))
    expect(await wrapped.json()).toEqual({ auth: null })
  })

  it("GHSA-8fpg-xm3f-6cx3 an OAuth provider without clientId, in production: that provider signs nobody in; no session comes from an error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    vi.stubEnv("NODE_ENV", "production")
    vi.stubEnv("AUTH_URL", `${ORIGIN}${BASE}`)
    const cookie = await aliceCookie()
    const noClient = {
      id: "noclient",
      name: "No client",
      type: "oauth",
      authorization: "https://op.example/authorize",
      token: "https://op.example/token",
      userinfo: "https://op.example/userinfo",
      clientSecret: "a-secret",
    }
    const config = testConfig({ providers: [noClient as never] })
    const { auth } = Gatehouse(config)
    const browser = new Browser(config)
    const started = await startSignIn(browser, "noclient")
    expect(started.authorizationUrl, "never sent to the OP with an empty client_id").toBeUndefined()
    expect(started.response.status).toBe(302)
    expect(started.response.headers.get("location")).toMatch(new RegExp(`^${ORIGIN}${BASE}/(error|signin)\\?error=`))
    expect(writesSession(started.response)).toBe(false)
    const anonymous = await browser.request("/session")
    expect(anonymous.status).toBe(200)
    expect(await anonymous.json()).toBeNull()
    expect(await auth(new Request(`${ORIGIN}/page`))).toBeNull()
    // The rest of the app keeps working: a valid cookie is a session because it decodes, and /session says so with a 200.
    const session = await browser.request("/session", { headers: { cookie } })
    expect(session.status).toBe(200)
    const body = await session.json()
    expect(body).toMatchObject({ user: { email: users.alice!.email } })
    expect(await auth(new Request(`${ORIGIN}/page`, { headers: { cookie } }))).toEqual(body)
  })

  it("GHSA-8fpg-xm3f-6cx3 a lazy configuration that throws: the endpoint's 500 JSON is not a session", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const cookie = await aliceCookie()
    const { auth, handlers } = Gatehouse(() => {
      throw new Error("tenant database down")
    })
    const session = await handlers.GET(new Request(`${ORIGIN}${BASE}/session`, { headers: { cookie } }))
    expect(session.status).toBe(500)
    expect(await session.json()).toEqual({ message: expect.stringContaining("server configuration") })
    expect(await auth(new Request(`${ORIGIN}/page`, { headers: { cookie } }))).toBeNull()
  })

  it("GHSA-8fpg-xm3f-6cx3 (control) the same cookie is a session on the working configuration", async () => {
    const cookie = await aliceCookie()
    expect(await Gatehouse(testConfig()).auth(new Request(`${ORIGIN}/page`, { headers: { cookie } }))).toMatchObject({
      user: { email: users.alice!.email },
    })
  })
})
