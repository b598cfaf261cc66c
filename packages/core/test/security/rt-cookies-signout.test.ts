/**
 * Security catalog §6 group H, RT-03 (a planted cookie whose name or value Gatehouse would never write) and RT-05
 * (sign-out while the session store is down), on the core: JWT and database strategies, the in-memory adapter and a
 * real SQLite database whose handle is closed under it.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import fc from "fast-check"
import { afterAll, describe, expect, it } from "vitest"
import { Gatehouse, SignOutError, type AuthConfig } from "@gatehousejs/core"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { Browser, ORIGIN } from "../helpers/auth.js"
import { alice, leaks, location, memoryAdapter, recordingLogger, send, SESSION_COOKIE, setCookie, setCookies, testConfig, writesSession } from "./helpers.js"

/** RFC 6265 `token`: every name Gatehouse writes is one. */
const cookieToken = /^[\u0021\u0023-\u0027\u002A\u002B\u002D\u002E\u0030-\u0039\u0041-\u005A\u005E-\u007A\u007C\u007E]+$/

type Strategy = "jwt" | "database"

function rig(strategy: Strategy, extra: Partial<AuthConfig> = {}): { config: AuthConfig; adapter: ReturnType<typeof memoryAdapter> } {
  const adapter = memoryAdapter()
  const config = testConfig(strategy === "database" ? { adapter, session: { strategy: "database" }, ...extra } : extra)
  return { config, adapter }
}

/** Every `Set-Cookie` name is one Gatehouse could write, and none is the planted one. */
function expectNoEcho(response: Response, planted: string): void {
  for (const { name } of setCookies(response)) {
    expect(name).toMatch(cookieToken)
    expect(name).not.toBe(planted)
  }
}

// Names a browser keeps and sends back as they are (set by a sibling subdomain, a script, or a proxy). Non-ASCII
// arrives as Node.js reads header bytes: one character per byte.
const plantedNames: [string, string][] = [
  ["a space", `${SESSION_COOKIE}.x y`],
  ["a double quote", `${SESSION_COOKIE}."x"`],
  ["a backslash", `${SESSION_COOKIE}.x\\y`],
  ["a comma", `${SESSION_COOKIE}.x,y`],
  ["non-ASCII", `${SESSION_COOKIE}.\u00e9`],
  ["UTF-8 bytes read as Latin-1", `${SESSION_COOKIE}.\u00c3\u00a9`],
  ["a non-digit chunk suffix", `${SESSION_COOKIE}.x`],
  ["nothing after the dot", `${SESSION_COOKIE}.`],
]
const plantedValues = ['a"b', "a\\b", "a,b", "x y", "\u00e9"]
const cases: (readonly [string, string, string, string])[] = [
  ...plantedNames.map(([label, name]) => [label, "1", name, "1"] as const),
  ...plantedValues.map((value) => ["a space", JSON.stringify(value), `${SESSION_COOKIE}.x y`, value] as const),
]

describe.each<Strategy>(["jwt", "database"])("RT-03 planted cookies (%s sessions)", (strategy) => {
  it.each(cases)("RT-03 a planted cookie named with %s (value %s) does not break sign-in and is not echoed", async (_, __, name, value) => {
    const { config, adapter } = rig(strategy)
    const browser = new Browser(config)
    browser.jar.set(name, value)
    const response = await browser.signIn()
    expect(response.status).toBe(302)
    expect(location(response).href).toBe(`${ORIGIN}/`)
    expect(writesSession(response)).toBe(true)
    expectNoEcho(response, name)
    expect(await browser.session()).toMatchObject({ user: { email: alice.email } })
    if (strategy === "database") expect(adapter.sessions.size).toBe(1)
  })

  it.each(cases)("RT-03 a planted cookie named with %s (value %s) leaves GET /session answered as without it", async (_, __, name, value) => {
    // updateAge 0: every check re-issues the session cookie, the path that expires stale chunks.
    const { config } = rig(strategy, { session: { strategy, updateAge: 0 } })
    const browser = new Browser(config)
    await browser.signIn()
    const without = await send(config, "/session", { cookie: browser.cookieHeader() })
    browser.jar.set(name, value)
    const response = await send(config, "/session", { cookie: browser.cookieHeader() })
    expect(response.status).toBe(200)
    const user = async (r: Response): Promise<unknown> => ((await r.json()) as { user?: unknown } | null)?.user
    const expected = await user(without)
    expect(expected).toMatchObject({ email: alice.email })
    expect(await user(response)).toEqual(expected)
    expect(setCookies(response).map((c) => c.name)).toEqual(setCookies(without).map((c) => c.name))
    expectNoEcho(response, name)
  })

  it.each(cases)("RT-03 a planted cookie named with %s (value %s) does not stop POST /signout from ending the session", async (_, __, name, value) => {
    const { config, adapter } = rig(strategy)
    const browser = new Browser(config)
    await browser.signIn()
    const token = browser.jar.get(SESSION_COOKIE)!
    browser.jar.set(name, value)
    const response = await browser.request("/signout", { body: { csrfToken: await browser.csrfToken() } })
    expect(response.status).toBe(302)
    expect(location(response).href).toBe(`${ORIGIN}/`)
    expect(setCookie(response, SESSION_COOKIE)?.expired).toBe(true)
    expectNoEcho(response, name)
    expect(await browser.session()).toBeNull()
    if (strategy === "database") expect(adapter.sessions.has(token)).toBe(false)
  })
})

describe("RT-03 property: no planted cookie makes an endpoint fail or echo it", () => {
  // Any name and value a Cookie header can carry: Latin-1 without the characters that end a header or a pair.
  const headerChar = fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x3b && c !== 0x7f).map((c) => String.fromCharCode(c))
  const text = fc.array(headerChar, { minLength: 0, maxLength: 12 }).map((chars) => chars.join(""))
  const suffix = fc.oneof(text, fc.constantFrom("0", "1", "00", "x y", '"', "\\", ",", "\u00e9"))
  const runs = Number(process.env.GATEHOUSE_FUZZ_RUNS ?? 150)

  it.each<Strategy>(["jwt", "database"])("RT-03 (%s) POST /signout with any planted <session cookie>.<suffix> clears the session and writes only valid names", async (strategy) => {
    await fc.assert(
      fc.asyncProperty(suffix, text, async (tail, value) => {
        const { config, adapter } = rig(strategy)
        const browser = new Browser(config)
        await browser.signIn()
        const token = browser.jar.get(SESSION_COOKIE)!
        const planted = `${SESSION_COOKIE}.${tail}`
        const cookie = `${browser.cookieHeader()}; ${planted}=${value}`
        const session = await send(config, "/session", { cookie })
        expect(session.status).toBeLessThan(500)
        expectNoEcho(session, planted.trim())
        const response = await send(config, "/signout", {
          cookie,
          body: new URLSearchParams({ csrfToken: await browser.csrfToken() }).toString(),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
        expect(response.status).toBe(302)
        expect(setCookie(response, SESSION_COOKIE)?.expired).toBe(true)
        for (const { name } of setCookies(response)) expect(name).toMatch(cookieToken)
        if (strategy === "database") expect(adapter.sessions.has(token)).toBe(false)
      }),
      { numRuns: runs },
    )
  })
})

// ---------------------------------------------------------------------------------------------------------------------
// RT-05

const OUTAGE = "connect ECONNREFUSED 127.0.0.1:5432 (password=hunter2)"

/** A database-strategy instance whose store refuses to delete sessions, with Alice signed in. */
async function storeDownRig(): Promise<{ browser: Browser; config: AuthConfig; adapter: ReturnType<typeof memoryAdapter>; log: ReturnType<typeof recordingLogger>; events: unknown[]; token: string }> {
  const adapter = memoryAdapter()
  const log = recordingLogger()
  const events: unknown[] = []
  let down = false
  const deleteSession = adapter.deleteSession
  // Replaced before the first request: the configuration wraps its adapter once.
  adapter.deleteSession = (sessionToken) => {
    if (down) throw new Error(OUTAGE)
    return deleteSession(sessionToken)
  }
  const config = testConfig({ adapter, session: { strategy: "database" }, logger: log.logger, events: { signOut: (message) => void events.push(message) } })
  const browser = new Browser(config)
  await browser.signIn()
  const token = browser.jar.get(SESSION_COOKIE)!
  down = true
  return { browser, config, adapter, log, events, token }
}

describe("RT-05 sign-out while the store is down", () => {
  it("RT-05 a browser form post: the error page with ?error=SignOutError, the cookie cleared, the row left, SignOutError logged, no signOut event", async () => {
    const { browser, adapter, log, events, token } = await storeDownRig()
    const response = await browser.request("/signout", { body: { csrfToken: await browser.csrfToken() } })
    expect(response.status).toBe(302)
    const target = location(response)
    expect(`${target.origin}${target.pathname}`).toBe(`${ORIGIN}/auth/error`)
    expect(target.searchParams.get("error")).toBe("SignOutError")
    expect(setCookie(response, SESSION_COOKIE)?.expired).toBe(true)
    expect(adapter.sessions.has(token), "the row is still there: the caller must not be told otherwise").toBe(true)
    expect(log.entries.filter((e) => e.level === "error").map((e) => e.code)).toContain("SignOutError")
    expect(events).toEqual([])
    expect(leaks(response.headers.get("location") ?? "", ["ECONNREFUSED", "hunter2", token])).toEqual([])

    const page = await browser.request(`/error?error=SignOutError`)
    const html = await page.text()
    expect(page.status).toBe(503)
    expect(html).toContain("Sign-out did not complete")
    expect(leaks(html, ["ECONNREFUSED", "hunter2", token])).toEqual([])
  })

  it("RT-05 the error page for SignOutError is in Russian for a Russian browser", async () => {
    const response = await send(testConfig(), "/error?error=SignOutError", { headers: { "accept-language": "ru" } })
    expect(response.status).toBe(503)
    expect(await response.text()).toContain("Выход не завершён")
  })

  it.each([
    ["X-Auth-Return-Redirect", { "x-auth-return-redirect": "1" }, "form"],
    ["a JSON body", {}, "json"],
  ] as const)("RT-05 a caller with %s gets 503 JSON naming SignOutError, the cookie cleared", async (_, headers, kind) => {
    const { browser, adapter, token } = await storeDownRig()
    const csrfToken = await browser.csrfToken()
    const response = await browser.request("/signout", kind === "json" ? { json: { csrfToken }, headers } : { body: { csrfToken }, headers })
    expect(response.status).toBe(503)
    const body = (await response.json()) as { error?: string; url?: string }
    expect(body.error).toBe("SignOutError")
    expect(new URL(body.url!).searchParams.get("error")).toBe("SignOutError")
    expect(setCookie(response, SESSION_COOKIE)?.expired).toBe(true)
    expect(adapter.sessions.has(token)).toBe(true)
    expect(leaks(JSON.stringify(body), ["ECONNREFUSED", "hunter2", token])).toEqual([])
  })

  it("RT-05 server-side signOut() rejects with SignOutError carrying the cookies that clear the session cookie", async () => {
    const { browser, config, adapter, token } = await storeDownRig()
    const gatehouse = Gatehouse(config)
    const request = new Request(`${ORIGIN}/account`, { headers: { cookie: browser.cookieHeader() } })
    for (const redirect of [true, false]) {
      const error: unknown = await gatehouse.signOut(request, { redirect: redirect as false }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(SignOutError)
      const cleared = (error as SignOutError).cookies?.find((c) => c.name === SESSION_COOKIE)
      expect(cleared?.options.maxAge).toBe(0)
    }
    expect(adapter.sessions.has(token)).toBe(true)
  })

  it("RT-05 with the store up, sign-out still succeeds and fires signOut with the deleted session", async () => {
    const adapter = memoryAdapter()
    const events: unknown[] = []
    const config = testConfig({ adapter, session: { strategy: "database" }, events: { signOut: (message) => void events.push(message) } })
    const browser = new Browser(config)
    await browser.signIn()
    const response = await browser.request("/signout", { body: { csrfToken: await browser.csrfToken() }, headers: { "x-auth-return-redirect": "1" } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ url: `${ORIGIN}/` })
    expect(events).toEqual([{ session: expect.objectContaining({ userId: alice.id }) }])
  })

  describe("RT-05 against a real SQLite database whose handle is closed", () => {
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-rt05-"))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    it("RT-05 (SQLite) sign-out with the database closed: 503, the cookie cleared, and the row still valid once the database is back", async () => {
      const file = join(dir, "store.sqlite")
      const db = new Database(file)
      const log = recordingLogger()
      const adapter = SqliteAdapter({ database: db })
      await adapter.createUser(alice)
      const config = testConfig({ adapter, session: { strategy: "database" }, logger: log.logger })
      const browser = new Browser(config)
      await browser.signIn()
      const token = browser.jar.get(SESSION_COOKIE)!
      expect(token).toBeDefined()
      const csrfToken = await browser.csrfToken()
      db.close()

      const response = await browser.request("/signout", { body: { csrfToken }, headers: { "x-auth-return-redirect": "1" } })
      expect(response.status).toBe(503)
      expect(((await response.json()) as { error: string }).error).toBe("SignOutError")
      expect(setCookie(response, SESSION_COOKIE)?.expired).toBe(true)
      expect(log.entries.map((e) => e.code)).toContain("SignOutError")

      // Why the caller must be told: the store comes back and the token (or a stolen copy) works again.
      const reopened = testConfig({ adapter: SqliteAdapter({ filename: file }), session: { strategy: "database" } })
      const replay = await send(reopened, "/session", { cookie: `${SESSION_COOKIE}=${token}` })
      expect(((await replay.json()) as { user: { email: string } }).user.email).toBe(alice.email)
    })
  })
})
