/**
 * Security catalog RT-10 (issue 11, docs/design.md#single-use-state-in-the-store): two app processes on one store — a
 * SQLite file, PostgreSQL, Redis — as behind a load balancer. A WebAuthn challenge, a magic link and an OAuth state
 * used on the first process are refused on the second; fresh ones work there, and one issued by the first is honoured
 * by the second.
 *
 * The processes are real (child_process: rt-10-app.ts, started by ../helpers/app-process.ts), serving Gatehouse over
 * HTTP on loopback; the OpenID Provider (oidc-provider) and the software authenticator live here, in the test
 * process. PostgreSQL and Redis runs skip with the usual notice when the service does not answer (and fail with
 * GATEHOUSE_REQUIRE_SERVICES=1).
 */
import { PostgresAdapter } from "@gatehousejs/pg-adapter"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dropRunStores, keepCookies, prepareRunStores, startAppProcess, stopAppProcesses, type AppProcess, type Store } from "../helpers/app-process.js"
import { BASE, ORIGIN } from "../helpers/auth.js"
import { TestOp } from "../oauth/op.js"
import { SoftAuthenticator, type Credential } from "../webauthn/authenticator.js"
import { RP_ID } from "../webauthn/helpers.js"

const run = await prepareRunStores("rt10")
const SESSION_COOKIE = "__Secure-authjs.session-token"
const DASHBOARD = `${ORIGIN}/dashboard`

let op: TestOp
let apps: AppProcess[] = []

/** Starts one app process on the prepared stores, with the OP's client; resolves when it listens. */
function startApp(): Promise<AppProcess> {
  return startAppProcess({
    app: new URL("./rt-10-app.ts", import.meta.url),
    run,
    stores: run.stores,
    env: { RT10_OP_ISSUER: op.issuer, RT10_OP_CLIENT_ID: op.clients.basic.clientId, RT10_OP_CLIENT_SECRET: op.clients.basic.clientSecret },
  })
}

beforeAll(async () => {
  op = await TestOp.start()
  // The schema is made once, here: the app processes only use it (as apps migrated by a deploy step would).
  const sqlite = SqliteAdapter({ filename: run.sqliteFile })
  sqlite.migrate()
  sqlite.close()
  if (run.available.postgres) await PostgresAdapter(run.pool, { schema: run.schema }).migrate()
  apps = await Promise.all([startApp(), startApp()])
}, 30_000)

afterAll(async () => {
  await stopAppProcesses(apps)
  await op?.close()
  await dropRunStores(run)
})

/** A browser over real HTTP: a cookie jar, no redirects followed, every request to one process's port for `store`. */
class HttpBrowser {
  readonly jar = new Map<string, string>()
  constructor(readonly store: Store) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ")
  }

  /** `path` under the base path, sent to app process `process` (0 or 1). */
  async request(process: number, path: string, init: { body?: Record<string, string>; cookie?: string } = {}): Promise<Response> {
    const headers = new Headers()
    const cookie = init.cookie ?? this.cookieHeader()
    if (cookie) headers.set("cookie", cookie)
    if (init.body) headers.set("content-type", "application/x-www-form-urlencoded")
    const url = `http://127.0.0.1:${apps[process]!.ports[this.store]}${BASE}${path}`
    const response = await fetch(url, { method: init.body ? "POST" : "GET", headers, body: init.body && new URLSearchParams(init.body), redirect: "manual" })
    keepCookies(this.jar, response)
    return response
  }

  async csrfToken(process: number): Promise<string> {
    return ((await (await this.request(process, "/csrf")).json()) as { csrfToken: string }).csrfToken
  }
}

/** The path under the base path of an absolute URL of the app (a callback, a magic link), query as sent. */
function appPath(url: string | URL): string {
  const { pathname, search } = new URL(url)
  return `${pathname.slice(BASE.length)}${search}`
}

function signedIn(response: Response): boolean {
  return response.status === 302 && response.headers.get("location") === DASHBOARD && response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.includes("Max-Age=0"))
}

/** Refused as a bad check is: the error page with `error` (InvalidCheck answers Configuration, as in Auth.js), no session. */
function expectRefused(response: Response, error = "Configuration"): void {
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get("location")!)
  expect(`${location.origin}${location.pathname}`).toBe(`${ORIGIN}${BASE}/error`)
  expect(location.searchParams.get("error")).toBe(error)
  expect(response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.includes("Max-Age=0"))).toBe(false)
}

// ---------------------------------------------------------------------------------------------------------------------
// The three ceremonies

/** Asks process `process` for a magic link to `email`; answers the link it sent. */
async function magicLink(browser: HttpBrowser, process: number, email: string): Promise<string> {
  const csrfToken = await browser.csrfToken(process)
  const response = await browser.request(process, "/signin/email", { body: { csrfToken, email, callbackUrl: DASHBOARD } })
  expect(response.status).toBe(302)
  const outbox = (await (await fetch(`http://127.0.0.1:${apps[process]!.ports[browser.store]}/__rt10/outbox`)).json()) as string[]
  const link = outbox.filter((url) => new URL(url).searchParams.get("email") === email).at(-1)
  expect(link, "the process sent the link").toBeDefined()
  return link!
}

/** `GET /webauthn-options/passkey` on `process`: the ceremony's options (the challenge cookie lands in the jar). */
async function passkeyOptions(browser: HttpBrowser, process: number, params: Record<string, string>): Promise<{ action: string; options: never }> {
  const response = await browser.request(process, `/webauthn-options/passkey?${new URLSearchParams(params)}`)
  expect(response.status).toBe(200)
  return (await response.json()) as { action: string; options: never }
}

/** The form the sign-in page's script posts to `/callback/passkey`. */
async function passkeyForm(browser: HttpBrowser, process: number, action: string, data: unknown): Promise<Record<string, string>> {
  return { csrfToken: await browser.csrfToken(process), callbackUrl: DASHBOARD, action, data: JSON.stringify(data) }
}

/** A passkey for a new user `email` (signed in by a magic link first, as a passkey needs a proven address), on `process`. */
async function registerPasskey(authenticator: SoftAuthenticator, store: Store, process: number, email: string): Promise<Credential> {
  const browser = new HttpBrowser(store)
  expect(signedIn(await browser.request(process, appPath(await magicLink(browser, process, email))))).toBe(true)
  const { action, options } = await passkeyOptions(browser, process, { action: "register" })
  expect(action).toBe("register")
  const { json, credential } = authenticator.create(options)
  const registered = await browser.request(process, "/callback/passkey", { body: await passkeyForm(browser, process, "register", json) })
  expect(registered.headers.get("location")).toBe(DASHBOARD)
  return credential
}

/**
 * An assertion for `credential` to a challenge issued by `issuer`: the request that submits it, not yet sent. The
 * counter stays 0, as many passkeys send it (WebAuthn §6.1.1): only the challenge can stop a replay then.
 */
async function passkeyAssertion(authenticator: SoftAuthenticator, credential: Credential, store: Store, issuer: number): Promise<{ cookie: string; body: Record<string, string> }> {
  const browser = new HttpBrowser(store)
  const { options } = await passkeyOptions(browser, issuer, { action: "authenticate" })
  const body = await passkeyForm(browser, issuer, "authenticate", authenticator.get(options, credential, { counter: 0 }))
  return { cookie: browser.cookieHeader(), body }
}

/** An OAuth sign-in started on `process` and completed at the OP: the callback URL and the browser's cookie header. */
async function oauthCallback(store: Store, process: number): Promise<{ callback: URL; cookie: string }> {
  const browser = new HttpBrowser(store)
  const csrfToken = await browser.csrfToken(process)
  const start = await browser.request(process, "/signin/op", { body: { csrfToken, callbackUrl: DASHBOARD } })
  expect(start.status).toBe(302)
  const callback = await op.authorize(start.headers.get("location")!)
  return { callback, cookie: browser.cookieHeader() }
}

function rt10(store: Store): void {
  it("RT-10 a magic link used on process 1 is refused on process 2; a fresh link works on process 2, and one sent by process 1 too", async () => {
    // A new address each time: the send throttle allows one mail to an address per 30 s.
    const address = (): string => `${crypto.randomUUID()}@example.com`
    const browser = new HttpBrowser(store)
    const link = await magicLink(browser, 0, address())
    expect(signedIn(await browser.request(0, appPath(link)))).toBe(true)
    expectRefused(await new HttpBrowser(store).request(1, appPath(link)), "Verification")

    expect(signedIn(await browser.request(1, appPath(await magicLink(browser, 1, address()))))).toBe(true)
    expect(signedIn(await browser.request(1, appPath(await magicLink(browser, 0, address()))))).toBe(true)
  })

  it("RT-10 a WebAuthn challenge used on process 1 is refused on process 2; a fresh one works on process 2, and one issued by process 1 too", async () => {
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID)
    const credential = await registerPasskey(authenticator, store, 0, `${crypto.randomUUID()}@example.com`)
    const used = await passkeyAssertion(authenticator, credential, store, 0)
    expect(signedIn(await new HttpBrowser(store).request(0, "/callback/passkey", used))).toBe(true)
    // The same request — challenge cookie, CSRF pair, assertion — as an attacker who captured it would send it.
    expectRefused(await new HttpBrowser(store).request(1, "/callback/passkey", used))

    const fresh = await passkeyAssertion(authenticator, credential, store, 1)
    expect(signedIn(await new HttpBrowser(store).request(1, "/callback/passkey", fresh))).toBe(true)
    const crossed = await passkeyAssertion(authenticator, credential, store, 0)
    expect(signedIn(await new HttpBrowser(store).request(1, "/callback/passkey", crossed))).toBe(true)
  })

  it("RT-10 an OAuth callback used on process 1 is refused on process 2 before any token request; a fresh sign-in works on process 2, and one started on process 1 too", async () => {
    const used = await oauthCallback(store, 0)
    expect(signedIn(await new HttpBrowser(store).request(0, appPath(used.callback), { cookie: used.cookie }))).toBe(true)
    const tokenRequests = op.count("/token")
    // The same callback URL (code, state, iss) with the same check cookies.
    expectRefused(await new HttpBrowser(store).request(1, appPath(used.callback), { cookie: used.cookie }))
    expect(op.count("/token"), "the replay never reaches the token endpoint").toBe(tokenRequests)

    const fresh = await oauthCallback(store, 1)
    expect(signedIn(await new HttpBrowser(store).request(1, appPath(fresh.callback), { cookie: fresh.cookie }))).toBe(true)
    const crossed = await oauthCallback(store, 0)
    expect(signedIn(await new HttpBrowser(store).request(1, appPath(crossed.callback), { cookie: crossed.cookie }))).toBe(true)
  })
}

describe("RT-10 two app processes on one SQLite file", () => rt10("sqlite"))
describe.skipIf(!run.available.postgres)("RT-10 two app processes on one PostgreSQL database", () => rt10("postgres"))
describe.skipIf(!run.available.redis)("RT-10 two app processes on one Redis", () => rt10("redis"))
