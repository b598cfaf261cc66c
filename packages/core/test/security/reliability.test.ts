/**
 * Security catalog §6 cases that had no test of their own in the fast suite: DB-07 (a store failing during `/session`),
 * EC-11 (unknown user vs wrong password), EC-14 (a credentials `authorize` that throws or returns garbage), and the fast
 * halves of group G — LF-02 (updates racing a sign-out), LF-04 (a provider that hangs; no poisoned cache) and LF-05
 * (clock skew). The long halves of LF-02…LF-04, against real stores and over HTTP, are `npm run soak`.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { customFetch, type AuthConfig, type OIDCConfig } from "@gatehousejs/core"
import { providerTimeoutMs } from "@gatehousejs/core/oauth/http"
import { clearDiscoveryCache } from "@gatehousejs/core/oauth/server"
import Credentials from "@gatehousejs/core/providers/credentials"
import GitHub from "@gatehousejs/core/providers/github"
import { decode } from "@gatehousejs/core/jwt"
import { Browser, SECRET } from "../helpers/auth.js"
import { CHECK_COOKIES, deliver, expectRejected, expectSignedIn, startSignIn } from "../oauth/flow.js"
import { RogueOp } from "../oauth/rogue-op.js"
import { SESSION_COOKIE, alice, leaks, location, memoryAdapter, recordingLogger, send, setCookies, testConfig, writesSession } from "./helpers.js"

const DAY_MS = 86_400_000
const github = GitHub({ clientId: "gh-client", clientSecret: "gh-secret" })

/** A database-strategy instance over the in-memory adapter, with one session for Alice. */
function databaseRig(extra: Partial<AuthConfig> = {}): { config: AuthConfig; adapter: ReturnType<typeof memoryAdapter>; log: ReturnType<typeof recordingLogger>; token: string } {
  const adapter = memoryAdapter()
  const log = recordingLogger()
  const token = crypto.randomUUID()
  adapter.sessions.set(token, { sessionToken: token, userId: alice.id, expires: new Date(Date.now() + 30 * DAY_MS) })
  const config = testConfig({ adapter, session: { strategy: "database" }, providers: [github], logger: log.logger, ...extra })
  return { config, adapter, log, token }
}

describe("DB-07 the store failing during /session", () => {
  it("DB-07 getSessionAndUser throwing: 503 null, the cookie kept, no stack, SessionTokenError logged; it works again once the store is back", async () => {
    const { config, adapter, log, token } = databaseRig()
    const real = adapter.getSessionAndUser
    let down = true
    adapter.getSessionAndUser = async (sessionToken) => {
      if (down) throw new Error("connect ECONNREFUSED 127.0.0.1:5432 (password=hunter2)")
      return real(sessionToken)
    }
    const during = await send(config, "/session", { cookie: `${SESSION_COOKIE}=${token}` })
    const body = await during.text()
    expect(during.status).toBe(503)
    expect(body).toBe("null")
    expect(during.headers.getSetCookie(), "the session cookie is not touched").toEqual([])
    expect(leaks(body, ["ECONNREFUSED", "hunter2"])).toEqual([])
    expect(log.entries.map((e) => e.code)).toContain("SessionTokenError")

    down = false
    const after = await send(config, "/session", { cookie: `${SESSION_COOKIE}=${token}` })
    expect(after.status).toBe(200)
    expect(((await after.json()) as { user: { email: string } }).user.email).toBe(alice.email)
  })
})

describe("EC-11, EC-14 credentials", () => {
  it("EC-11 an unknown user and a wrong password get the same status, Location, cookie names and headers", async () => {
    const config = testConfig()
    const unknown = await new Browser(config).signIn("nobody", "whatever")
    const wrong = await new Browser(config).signIn("alice", "not the password")
    expect(unknown.status).toBe(302)
    expect(wrong.status).toBe(unknown.status)
    expect(location(unknown).searchParams.get("error")).toBe("CredentialsSignin")
    expect(wrong.headers.get("location")).toBe(unknown.headers.get("location"))
    const names = (r: Response): string[] => setCookies(r).map((c) => c.name).sort()
    expect(names(wrong)).toEqual(names(unknown))
    expect([...wrong.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort())
  })

  const broken: [string, () => unknown][] = [
    ["throws", () => {
      throw new Error("database password=hunter2 rejected")
    }],
    ["returns a string", () => "alice"],
    ["returns a number", () => 42],
    ["returns an array", () => [{ id: "1", name: "Alice" }]],
  ]
  it.each(broken)("EC-14 an authorize that %s: no session, an error page, no stack or message", async (_, authorize) => {
    const log = recordingLogger()
    const provider = Credentials({ credentials: { username: {}, password: {} }, authorize: authorize as never })
    const config = testConfig({ providers: [provider], logger: log.logger })
    const browser = new Browser(config)
    const response = await browser.signIn()
    expect(response.status).toBe(302)
    expect(writesSession(response)).toBe(false)
    const target = location(response)
    expect(target.pathname).toMatch(/\/(signin|error)$/)
    expect(["CredentialsSignin", "Configuration"]).toContain(target.searchParams.get("error"))
    expect(leaks(target.href, ["hunter2", "password="])).toEqual([])
    expect(await browser.session()).toBeNull()
    const page = await browser.request(`${target.pathname.replace(/^\/auth/, "")}${target.search}`)
    expect(leaks(await page.text(), ["hunter2", "password="])).toEqual([])
  })

  it("EC-14 an authorize returning a user without an id signs in under a fresh random id, as in Auth.js, never as another user", async () => {
    const provider = Credentials({ credentials: { username: {}, password: {} }, authorize: () => ({ name: "No Id", email: "noid@example.com" }) })
    const config = testConfig({ providers: [provider] })
    const subjects: unknown[] = []
    for (const browser of [new Browser(config), new Browser(config)]) {
      await browser.signIn()
      const token = await decode({ token: browser.jar.get(SESSION_COOKIE), secret: SECRET, salt: SESSION_COOKIE })
      expect(token?.email).toBe("noid@example.com")
      subjects.push(token?.sub)
    }
    for (const sub of subjects) expect(sub).toMatch(/^[0-9a-f-]{36}$/)
    expect(subjects[0]).not.toBe(subjects[1])
  })
})

describe("LF-02 updates racing a sign-out (database sessions)", () => {
  it("LF-02 parallel POST /session updates and one POST /signout: afterwards the old cookie gives null and the row stays deleted", async () => {
    for (let round = 0; round < 10; round++) {
      const { config, adapter, token } = databaseRig({ session: { strategy: "database", updateAge: 0 } })
      const browser = new Browser(config)
      browser.jar.set(SESSION_COOKIE, token)
      const csrfToken = await browser.csrfToken()
      const cookie = browser.cookieHeader()
      const signOutAt = round % 11
      const answers = await Promise.all(
        Array.from({ length: 11 }, (_, i) =>
          i === signOutAt
            ? send(config, "/signout", { cookie, body: new URLSearchParams({ csrfToken }).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } })
            : send(config, "/session", { cookie, method: "POST", body: JSON.stringify({ csrfToken, data: { i } }), headers: { "content-type": "application/json" } }),
        ),
      )
      for (const answer of answers) expect([200, 302]).toContain(answer.status)
      expect(adapter.sessions.has(token), `round ${round}: the row stays deleted`).toBe(false)
      const after = await send(config, "/session", { cookie: `${SESSION_COOKIE}=${token}` })
      expect(await after.json(), `round ${round}: no resurrected session`).toBeNull()
    }
  })
})

describe("LF-04, LF-05 a provider that hangs, and clock skew", () => {
  let rogue: RogueOp
  beforeAll(async () => {
    rogue = await RogueOp.start()
  })
  afterAll(async () => {
    await rogue.close()
  })
  beforeEach(async () => {
    clearDiscoveryCache()
    await rogue.reset()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** The rogue OP as an OIDC provider whose fetch hangs (until aborted) for paths ending in `hanging.path`. */
  function hangRig(timeout = 300): { browser: Browser; hanging: { path?: string } } {
    const hanging: { path?: string } = {}
    const fetchThrough = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const url = new URL(input instanceof Request ? input.url : input)
      const signal = init?.signal
      if (hanging.path && url.pathname.endsWith(hanging.path) && signal) {
        return new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }))
      }
      return fetch(input, init)
    }
    const provider = { ...rogue.oidcProvider(), [customFetch]: fetchThrough, [providerTimeoutMs]: timeout } as OIDCConfig
    const config = testConfig({ providers: [provider], logger: recordingLogger().logger })
    return { browser: new Browser(config), hanging }
  }

  it("LF-04 discovery hanging: the sign-in POST ends on the error page within the time-out; after recovery the next one reaches the OP", async () => {
    const { browser, hanging } = hangRig()
    hanging.path = "/.well-known/openid-configuration"
    const started = Date.now()
    const { response, authorizationUrl } = await startSignIn(browser, "rogue")
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(authorizationUrl).toBeUndefined()
    expect(location(response).searchParams.get("error")).toBe("Configuration")
    hanging.path = undefined
    const again = await startSignIn(browser, "rogue")
    expect(again.authorizationUrl?.origin, "no failed discovery was cached").toBe(rogue.issuer)
    expectSignedIn(await deliver(browser, await rogue.authorize(again.authorizationUrl!)))
  })

  it("LF-04 the JWKS hanging: the callback ends on the error page; after recovery a sign-in succeeds (the key cache is not poisoned)", async () => {
    const { browser, hanging } = hangRig()
    hanging.path = "/jwks"
    const first = await startSignIn(browser, "rogue")
    expectRejected(await deliver(browser, await rogue.authorize(first.authorizationUrl!)))
    hanging.path = undefined
    const second = await startSignIn(browser, "rogue")
    expectSignedIn(await deliver(browser, await rogue.authorize(second.authorizationUrl!)))
  })

  it("LF-05 the IdP clock 25 s ahead is accepted; an ID token not valid before 120 s from now is rejected", async () => {
    const { browser } = hangRig()
    const now = Math.floor(Date.now() / 1000)
    rogue.idToken = { claims: { iat: now + 25, exp: now + 325 } }
    const ahead = await startSignIn(browser, "rogue")
    expectSignedIn(await deliver(browser, await rogue.authorize(ahead.authorizationUrl!)))
    rogue.idToken = { claims: { iat: now + 120, nbf: now + 120, exp: now + 420 } }
    const farAhead = await startSignIn(browser, "rogue")
    expectRejected(await deliver(browser, await rogue.authorize(farAhead.authorizationUrl!)))
  })

  it("LF-05 an ID token whose iat alone is 120 s ahead is rejected", async () => {
    const { browser } = hangRig()
    const now = Math.floor(Date.now() / 1000)
    rogue.idToken = { claims: { iat: now + 120, exp: now + 420 } }
    const started = await startSignIn(browser, "rogue")
    expectRejected(await deliver(browser, await rogue.authorize(started.authorizationUrl!)))
  })

  it("LF-05 the app clock moving mid-flow: an expired check cookie is refused, and a step back by 1 h does not crash the flow", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const start = Date.now()
    const { browser } = hangRig()
    const started = await startSignIn(browser, "rogue")
    const callback = await rogue.authorize(started.authorizationUrl!)
    const cookies = browser.cookieHeader()
    vi.setSystemTime(start + 16 * 60_000) // past the check cookies' 15 minutes
    const late = await deliver(browser, callback, { cookie: cookies })
    expectRejected(late, { cleared: CHECK_COOKIES })
    expect(location(late).searchParams.get("error")).toBe("Configuration")
    vi.setSystemTime(start + 16 * 60_000 - 60 * 60_000) // the clock steps back one hour
    const replay = await deliver(browser, callback, { cookie: cookies })
    expect(replay.status).toBe(302)
    expect(location(replay).origin).toBe(new URL(browser.origin).origin)
  })

  it("LF-05 a check cookie that expired stays expired when the app clock steps back 1 h", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const start = Date.now()
    const { browser } = hangRig()
    const started = await startSignIn(browser, "rogue")
    const callback = await rogue.authorize(started.authorizationUrl!)
    const cookies = browser.cookieHeader()
    vi.setSystemTime(start - 60 * 60_000) // the clock steps back one hour: the cookie's exp is in the future again
    const revived = await deliver(browser, callback, { cookie: cookies })
    expectRejected(revived, { cleared: CHECK_COOKIES })
    expect(writesSession(revived)).toBe(false)
  })
})
