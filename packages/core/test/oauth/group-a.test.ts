/**
 * Security catalog §6 group A (OA-01…OA-30): the OAuth/OIDC client against a misbehaving OP (`rogue-op.ts`, in the
 * manner of the OIDF RP conformance suite) and a real one (`oidc-provider`, `op.ts`). OA-01 and OA-12 live in
 * `oidc-flow.test.ts`.
 *
 * "Reject" is the catalog's (legend): a redirect to the error page (the sign-in page for a provider's own error), no
 * session cookie, nothing written by the adapter, no further call to the token or userinfo endpoint, the check
 * cookies cleared with `Max-Age=0`, and a log line with the reason but no secret, code or token.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { customFetch, type AuthConfig, type OAuthConfig, type OIDCConfig } from "@gatehousejs/core"
import { PROVIDER_TIMEOUT_MS, providerTimeoutMs } from "@gatehousejs/core/oauth/http"
import { clearDiscoveryCache } from "@gatehousejs/core/oauth/server"
import { BASE, Browser, ORIGIN, SECRET } from "../helpers/auth.js"
import { location, memoryAdapter, recordingLogger, setCookie, testConfig, writesSession, type MemoryAdapter } from "../security/helpers.js"
import {
  CHECK_COOKIES,
  deliver,
  editQuery,
  expectRejected,
  expectSignedIn,
  PKCE_COOKIE,
  recordingFetch,
  startSignIn,
  STATE_COOKIE,
  type RecordedRequest,
} from "./flow.js"
import { TestOp } from "./op.js"
import { RogueOp } from "./rogue-op.js"

let op: TestOp
let rogue: RogueOp

beforeAll(async () => {
  ;[op, rogue] = await Promise.all([TestOp.start(), RogueOp.start()])
})
afterAll(async () => {
  await Promise.all([op.close(), rogue.close()])
})
beforeEach(async () => {
  clearDiscoveryCache()
  await rogue.reset()
  op.userinfoSub = undefined
})

interface Rig {
  browser: Browser
  config: AuthConfig
  log: ReturnType<typeof recordingLogger>
  adapter: MemoryAdapter
  /** Every request the engine sent to a provider, through its `[customFetch]`. */
  fetched: RecordedRequest[]
}

/** Gatehouse with `providers`, a recording logger, a recording `[customFetch]` and the in-memory adapter (JWT sessions). */
function rig(providers: (OIDCConfig | OAuthConfig)[], extra: Partial<AuthConfig> = {}, route?: (url: URL) => URL): Rig {
  const log = recordingLogger()
  const adapter = memoryAdapter([])
  const recorder = recordingFetch(route)
  const config = testConfig({
    logger: log.logger,
    adapter,
    session: { strategy: "jwt" },
    providers: providers.map((p) => ({ ...p, [customFetch]: recorder.fetch })),
    ...extra,
  })
  return { browser: new Browser(config), config, log, adapter, fetched: recorder.calls }
}

/**
 * The rogue OP as an OIDC provider that takes the profile from userinfo (`idToken: false`), so that a userinfo call
 * after a bad ID token would show in the OP's request log.
 */
function rogueRig(overrides: Partial<OIDCConfig> = {}, extra: Partial<AuthConfig> = {}): Rig {
  return rig([rogue.oidcProvider({ idToken: false, ...overrides })], extra)
}

/** Sign-in started at Gatehouse and answered by the rogue OP: the callback URL, not yet delivered. */
async function rogueCallback(r: Rig, providerId = "rogue"): Promise<URL> {
  const { authorizationUrl } = await startSignIn(r.browser, providerId)
  expect(authorizationUrl, "the sign-in POST redirects to the OP").toBeDefined()
  return rogue.authorize(authorizationUrl!)
}

/** Sign-in started at Gatehouse and completed at oidc-provider: the callback URL, not yet delivered. */
async function opCallback(browser: Browser, providerId = "op"): Promise<URL> {
  const { authorizationUrl } = await startSignIn(browser, providerId)
  expect(authorizationUrl, "the sign-in POST redirects to the OP").toBeDefined()
  return op.authorize(authorizationUrl!)
}

const adapterWrites = new Set(["createUser", "updateUser", "linkAccount", "createSession", "updateSession", "deleteSession"])

/** The secrets, codes and tokens found in `text`. */
function secretsIn(text: string, secrets: readonly string[]): string[] {
  return secrets.filter((s) => s.length >= 8 && text.includes(s)).map((s) => `${s.slice(0, 12)}…`)
}

interface Stop {
  /** What the log must say the reason was. */
  reason: RegExp
  /** `authorization`: the authorization response was bad, so the token endpoint must not be called either. */
  after: "authorization" | "tokens"
  page?: "error" | "signin"
  error?: string
  cleared?: readonly string[]
}

/** The catalog's "reject", against the rogue OP. */
function expectStopped(r: Rig, response: Response, stop: Stop): void {
  expectRejected(response, { page: stop.page, error: stop.error, cleared: stop.cleared })
  expect(r.adapter.calls.filter((c) => adapterWrites.has(c)), "nothing is stored").toEqual([])
  if (stop.after === "authorization") expect(rogue.count("/token"), "no token request").toBe(0)
  else expect(rogue.count("/token"), "no second token request").toBeLessThanOrEqual(1)
  expect(rogue.count("/userinfo"), "no userinfo request").toBe(0)
  // A refusal the visitor can cause (back to the sign-in page) is a warning line; anything else is an error (issue 12).
  const level = stop.page === "signin" ? "warn" : "error"
  expect(r.log.entries.some((e) => e.level === level), `the failure is logged at ${level}`).toBe(true)
  expect(r.log.text()).toMatch(stop.reason)
  expect(secretsIn(r.log.text(), [SECRET, rogue.clientSecret, ...rogue.issued]), "no secret in the log").toEqual([])
}

/**
 * A configuration error, in either of the forms the engine answers with: a redirect to `/error?error=Configuration`
 * (found while handling the request), or Auth.js's generic 500 JSON (found when the configuration was resolved).
 */
async function expectConfigurationError(response: Response): Promise<void> {
  if (response.status === 302) {
    expect(location(response).href).toBe(`${ORIGIN}${BASE}/error?error=Configuration`)
  } else {
    expect(response.status).toBe(500)
    expect(((await response.json()) as { message: string }).message).toMatch(/server configuration/)
  }
  expect(writesSession(response)).toBe(false)
}

// ---------------------------------------------------------------------------------------------------------------------

describe("the rogue OP, well-behaved (control for the negative cases)", () => {
  it("signs in through discovery, code, token, ID token and userinfo; the access token only in a Bearer header", async () => {
    const r = rogueRig()
    const response = await deliver(r.browser, await rogueCallback(r))
    expectSignedIn(response)
    expect(rogue.count("/token")).toBe(1)
    expect(rogue.count("/userinfo")).toBe(1)
    expect(r.adapter.calls).toContain("createUser")
    const userinfo = rogue.requests.find((q) => q.path === "/userinfo")!
    const accessToken = rogue.issued.find((t) => t.startsWith("at-"))!
    expect(userinfo.headers.authorization).toBe(`Bearer ${accessToken}`)
    // OIDF basic plan, "implicitly tested": the access token never travels in a URL.
    expect(rogue.requests.filter((q) => q.query.toString().includes(accessToken))).toEqual([])
    expect(r.fetched.filter((f) => f.url.href.includes(accessToken))).toEqual([])
  })
})

describe("ID token validation (OIDC Core §3.1.3.7)", () => {
  it.each([
    ["a trailing slash", (issuer: string) => `${issuer}/`],
    ["another host", () => "https://evil.example"],
    ["another letter case", (issuer: string) => issuer.replace("http://", "HTTP://")],
  ])("OA-02 an ID token whose iss differs from the discovered issuer by %s is rejected", async (_, iss) => {
    const r = rogueRig()
    rogue.idToken = { claims: { iss: iss(rogue.issuer) } }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /"iss" \(issuer\) claim value/, after: "tokens" })
  })

  it("OA-03 an ID token without sub is rejected", async () => {
    const r = rogueRig()
    rogue.idToken = { claims: { sub: undefined } }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /"sub" \(subject\) claim missing/, after: "tokens" })
  })

  it("OA-04 an ID token whose aud is another client is rejected", async () => {
    const r = rogueRig()
    rogue.idToken = { claims: { aud: "another-client" } }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /"aud" \(audience\) claim value/, after: "tokens" })
  })

  it("OA-05 aud = [us, other] without azp is rejected", async () => {
    const r = rogueRig()
    rogue.idToken = { claims: { aud: [rogue.clientId, "another-client"] } }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /additional untrusted audiences/, after: "tokens" })
  })

  it("OA-05 aud = [us, other] with azp = other is rejected", async () => {
    const r = rogueRig()
    rogue.idToken = { claims: { aud: [rogue.clientId, "another-client"], azp: "another-client" } }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /"azp" \(authorized party\) claim value/, after: "tokens" })
  })

  it("OA-06 an ID token without iat is rejected", async () => {
    const r = rogueRig()
    rogue.idToken = { claims: { iat: undefined } }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /"iat" \(issued at\) claim missing/, after: "tokens" })
  })

  it("OA-07 an ID token that expired 2 minutes ago is rejected", async () => {
    const r = rogueRig()
    const now = Math.floor(Date.now() / 1000)
    rogue.idToken = { claims: { iat: now - 600, exp: now - 120 } }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /"exp" \(expiration time\) claim value/, after: "tokens" })
  })

  it("OA-07 an ID token that expired 20 s ago is accepted (clock tolerance)", async () => {
    const r = rogueRig()
    const now = Math.floor(Date.now() / 1000)
    rogue.idToken = { claims: { iat: now - 600, exp: now - 20 } }
    expectSignedIn(await deliver(r.browser, await rogueCallback(r)))
  })

  it("OA-08 an ID token nonce different from the cookie's is rejected, and userinfo is not called", async () => {
    const r = rogueRig()
    rogue.idToken = { claims: { nonce: "not-the-nonce-we-sent" } }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /"nonce" claim value/, after: "tokens" })
  })

  it("OA-08 an ID token carrying a nonce when none was sent is rejected", async () => {
    const r = rogueRig({ checks: ["pkce", "state"] })
    rogue.idToken = { claims: { nonce: "a-nonce-nobody-asked-for" } }
    const callback = await rogueCallback(r)
    expectStopped(r, await deliver(r.browser, callback), { reason: /"nonce" claim value/, after: "tokens", cleared: [STATE_COOKIE, PKCE_COOKIE] })
  })

  it("OA-09 an RS256 ID token with a corrupted signature is rejected", async () => {
    const r = rogueRig()
    rogue.idToken = { signature: "corrupt" }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /signature verification failed/, after: "tokens" })
  })

  // Catalog §1.2 `rp-id_token-bad-sig-hs256`: the engine verifies HS* ID tokens with the client secret (OIDC Core
  // §10.1, for providers such as LINE) when the client is registered for that algorithm.
  it("OA-09 (HS256) an ID token signed with the client secret is accepted when the client is registered for HS256", async () => {
    const r = rogueRig({ client: { id_token_signed_response_alg: "HS256" } })
    rogue.idToken = { signature: "hs256" }
    expectSignedIn(await deliver(r.browser, await rogueCallback(r)))
  })

  it("OA-09 (HS256) an HS256 ID token with a corrupted signature is rejected", async () => {
    const r = rogueRig({ client: { id_token_signed_response_alg: "HS256" } })
    rogue.idToken = { signature: "hs256-corrupt" }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /signature/i, after: "tokens" })
  })

  it("OA-09 (HS256) an HS256 ID token signed with another key is rejected", async () => {
    const r = rogueRig({ client: { id_token_signed_response_alg: "HS256" } })
    rogue.idToken = { signature: "hs256", hmacKey: "not-the-client-secret-but-long-enough" }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /signature/i, after: "tokens" })
  })

  it("OA-09 (HS256) an HS256 ID token is rejected when the client is not registered for HS256 (no algorithm confusion)", async () => {
    const r = rogueRig()
    rogue.discovery = { id_token_signing_alg_values_supported: ["RS256", "HS256"] }
    rogue.idToken = { signature: "hs256" }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /alg/, after: "tokens" })
  })

  it("OA-10 an alg:none ID token is rejected when the client is not registered for none", async () => {
    const r = rogueRig()
    rogue.idToken = { signature: "none" }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /"alg"/, after: "tokens" })
  })

  it("OA-10 an alg:none ID token is rejected even when the OP's metadata lists none", async () => {
    const r = rogueRig()
    rogue.discovery = { id_token_signing_alg_values_supported: ["RS256", "none"] }
    rogue.idToken = { signature: "none" }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /alg/, after: "tokens" })
  })

  it("OA-10 an alg:none ID token over the code flow is accepted when the client is registered with id_token_signed_response_alg none", async () => {
    const r = rogueRig({ client: { id_token_signed_response_alg: "none" } })
    rogue.idToken = { signature: "none" }
    expectSignedIn(await deliver(r.browser, await rogueCallback(r)))
  })

  it("OA-11 an ID token without kid is accepted when the JWKS has a single key", async () => {
    const r = rogueRig()
    rogue.idToken = { header: { kid: undefined } }
    expectSignedIn(await deliver(r.browser, await rogueCallback(r)))
  })

  it("OA-11 an ID token without kid is rejected cleanly (error page, not a 500) when the JWKS has two keys", async () => {
    const r = rogueRig()
    await rogue.setKeys(2)
    rogue.idToken = { header: { kid: undefined } }
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /multiple applicable keys/, after: "tokens" })
  })
})

describe("discovery and userinfo", () => {
  // The configured issuer is `<rogue>/tenant`. (At the root path, `http://host` and `http://host/` are the same URL to
  // oauth4webapi's discovery check, which compares `new URL(…).href`; the ID token `iss` is then compared exactly.)
  it.each([
    ["another path", (issuer: string) => `${issuer}/other-tenant`],
    ["a trailing slash", (issuer: string) => `${issuer}/tenant/`],
    ["another host", () => "https://evil.example/tenant"],
  ])("OA-13 a discovery document whose issuer differs by %s: the sign-in POST ends on the error page, no redirect to the OP", async (_, issuer) => {
    const r = rogueRig({ issuer: `${rogue.issuer}/tenant` })
    rogue.discovery = { issuer: issuer(rogue.issuer) }
    const { response, authorizationUrl } = await startSignIn(r.browser, "rogue")
    expect(authorizationUrl?.href).toBeUndefined()
    expect(response.status).toBe(302)
    expect(location(response).href).toBe(`${ORIGIN}${BASE}/error?error=Configuration`)
    for (const name of CHECK_COOKIES) expect(setCookie(response, name)?.expired ?? true, `${name} is not set`).toBe(true)
    expect(rogue.count("/authorize")).toBe(0)
    expect(r.log.text()).toMatch(/"issuer" property does not match/)
  })

  it("OA-14 a userinfo sub different from the ID token's is rejected (oidc-provider, idToken: false)", async () => {
    const r = rig([op.gatehouseProvider({ idToken: false })])
    op.userinfoSub = "somebody-else"
    const callback = await opCallback(r.browser)
    const response = await deliver(r.browser, callback)
    expectRejected(response)
    expect(r.adapter.calls.filter((c) => adapterWrites.has(c))).toEqual([])
    expect(r.log.text()).toMatch(/"sub" property value/)
    expect(secretsIn(r.log.text(), [SECRET, op.clients.basic.clientSecret, callback.searchParams.get("code")!])).toEqual([])
  })
})

describe("token endpoint authentication", () => {
  it("OA-15 client_secret_basic: id and secret each form-urlencoded before base64, no secret in the body (secret with ':', '+', '%')", async () => {
    const r = rig([op.gatehouseProvider()])
    const response = await deliver(r.browser, await opCallback(r.browser))
    const token = r.fetched.find((f) => f.url.pathname === "/token")!
    expect(token.method).toBe("POST")
    const header = token.headers.get("authorization")!
    expect(header).toMatch(/^Basic /)
    const decoded = Buffer.from(header.slice(6), "base64").toString()
    const parts = decoded.split(":")
    expect(parts, "the secret's own ':' is encoded, so exactly one ':' separates id and secret").toHaveLength(2)
    const formDecode = (s: string): string => decodeURIComponent(s.replace(/\+/g, " "))
    expect(formDecode(parts[0]!)).toBe(op.clients.basic.clientId)
    expect(formDecode(parts[1]!)).toBe(op.clients.basic.clientSecret)
    expect(parts[1]).not.toMatch(/[:+]|%(?![0-9A-F]{2})/)
    const body = new URLSearchParams(token.body)
    expect(body.has("client_secret")).toBe(false)
    expect(token.body).not.toContain(encodeURIComponent(op.clients.basic.clientSecret))
    // oidc-provider decoded the credentials and accepted them.
    expectSignedIn(response)
  })
})

describe("the authorization response and the check cookies (RFC 9700 §4.7, §4.5)", () => {
  it("OA-16 a callback without a state parameter is rejected", async () => {
    const r = rogueRig()
    const callback = editQuery(await rogueCallback(r), { remove: ["state"] })
    expectStopped(r, await deliver(r.browser, callback), { reason: /"state" missing/, after: "authorization" })
  })

  it("OA-17 callback state ≠ the state cookie is rejected", async () => {
    const r = rogueRig()
    const callback = await rogueCallback(r)
    // A genuine state of ours, minted for another browser's sign-in.
    const other = new Browser(r.config)
    const { authorizationUrl } = await startSignIn(other, "rogue")
    const foreign = editQuery(callback, { set: { state: authorizationUrl!.searchParams.get("state")! } })
    expectStopped(r, await deliver(r.browser, foreign), { reason: /unexpected "state"/, after: "authorization" })
  })

  it("OA-18 a valid callback URL opened in a browser with no check cookies is rejected (CVE-2023-27490 class)", async () => {
    const r = rogueRig()
    const callback = await rogueCallback(r)
    const victim = new Browser(r.config)
    const response = await deliver(victim, callback)
    // The victim has no check cookies, so there is nothing to clear.
    expectStopped(r, response, { reason: /cookie was missing/, after: "authorization", cleared: [] })
  })

  it("OA-19 replaying the same callback URL with the same cookies is rejected; one account row (oidc-provider)", async () => {
    const r = rig([op.gatehouseProvider()])
    const callback = await opCallback(r.browser)
    const cookies = r.browser.cookieHeader()
    expectSignedIn(await deliver(r.browser, callback))
    const tokenCalls = op.count("/token")
    const replay = await deliver(new Browser(r.config), callback, { cookie: cookies })
    expectRejected(replay)
    expect(r.adapter.accounts.size).toBe(1)
    expect(r.adapter.users.size).toBe(1)
    // The check cookies are stateless, so the replay reaches the OP, which refuses the spent code.
    expect(op.count("/token")).toBeLessThanOrEqual(tokenCalls + 1)
    expect(r.log.text()).toMatch(/invalid_grant/)
  })

  it("OA-20 state, PKCE and nonce cookies minted for provider A, presented at /callback/B, are rejected", async () => {
    const r = rig([rogue.oidcProvider({ idToken: false }), rogue.oidcProvider({ id: "rogue2", idToken: false })])
    const callback = await rogueCallback(r, "rogue")
    const atB = new URL(callback.href.replace(`${BASE}/callback/rogue?`, `${BASE}/callback/rogue2?`))
    expectStopped(r, await deliver(r.browser, atB), { reason: /issued for another provider/, after: "authorization" })
  })

  it("OA-21 a code obtained in browser A, injected into browser B's callback, fails the token exchange (PKCE, oidc-provider)", async () => {
    const r = rig([op.gatehouseProvider()])
    const userinfoBefore = op.count("/me")
    const browserA = r.browser
    const browserB = new Browser(r.config)
    const callbackA = await opCallback(browserA)
    const callbackB = await opCallback(browserB)
    const injected = editQuery(callbackB, { set: { code: callbackA.searchParams.get("code")! } })
    const response = await deliver(browserB, injected)
    expectRejected(response)
    expect(r.adapter.calls.filter((c) => adapterWrites.has(c))).toEqual([])
    expect(r.log.text()).toMatch(/invalid_grant/)
    expect(op.count("/me")).toBe(userinfoBefore)
  })

  it("OA-22 an authorization response whose iss is not the expected issuer is rejected (RFC 9207)", async () => {
    const r = rogueRig()
    const callback = editQuery(await rogueCallback(r), { set: { iss: "https://evil.example" } })
    expectStopped(r, await deliver(r.browser, callback), { reason: /unexpected "iss" \(issuer\) response parameter/, after: "authorization" })
  })

  it("OA-23 with authorization_response_iss_parameter_supported: true, a response without iss is rejected", async () => {
    const r = rogueRig()
    rogue.sendIss = false
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /"iss" \(issuer\) missing/, after: "authorization" })
  })

  it("OA-23 (control) without that metadata flag, a response without iss is accepted", async () => {
    const r = rogueRig()
    rogue.discovery = { authorization_response_iss_parameter_supported: false }
    rogue.sendIss = false
    expectSignedIn(await deliver(r.browser, await rogueCallback(r)))
  })

  it.each(["code", "state", "iss"])("OA-24 a duplicate %s parameter in the callback query is rejected", async (name) => {
    const r = rogueRig()
    const callback = await rogueCallback(r)
    const duplicated = editQuery(callback, { append: { [name]: callback.searchParams.get(name)! } })
    expectStopped(r, await deliver(r.browser, duplicated), { reason: /parameter must be provided only once/, after: "authorization" })
  })

  it.each([
    ["id_token", "eyJhbGciOiJSUzI1NiJ9.e30.c2ln"],
    ["token", "front-channel-token"],
    ["access_token", "front-channel-access-token"],
  ])("OA-25 a callback carrying %s (implicit or hybrid response) is rejected", async (name, value) => {
    const r = rogueRig()
    const callback = editQuery(await rogueCallback(r), { set: { [name]: value } })
    const response = await deliver(r.browser, callback)
    // Either answer is a rejection: the error page, or the sign-in page with OAuthCallbackError (a bad provider answer).
    const onSignInPage = location(response).pathname === `${BASE}/signin`
    const page = onSignInPage ? "signin" : "error"
    const error = onSignInPage ? "OAuthCallbackError" : "Configuration"
    expectStopped(r, response, { reason: new RegExp(`implicit|hybrid|code flow|"${name}"`, "i"), after: "authorization", page, error })
  })

  it("OA-26 error=access_denied&error_description=<script>: signin?error=OAuthCallbackError, nothing echoed, no token call", async () => {
    const r = rogueRig()
    const script = "<script>alert(document.cookie)</script>"
    const callback = editQuery(await rogueCallback(r), { remove: ["code"], set: { error: "access_denied", error_description: script } })
    const response = await deliver(r.browser, callback)
    expectStopped(r, response, { reason: /access_denied/, after: "authorization", page: "signin", error: "OAuthCallbackError" })
    expect(response.headers.get("location")).not.toMatch(/script|alert/i)
    const page = await r.browser.request(`/signin?error=OAuthCallbackError`)
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).not.toContain("<script>alert")
    expect(html).not.toContain("alert(document.cookie)")
  })
})

describe("token endpoint failures", () => {
  it.each([
    ["a 500", { status: 500, contentType: "text/plain", body: "Internal Server Error" }],
    ["an HTML page", { status: 200, contentType: "text/html", body: "<!doctype html><title>Login</title><p>Please sign in" }],
    ["an empty JSON object", { status: 200, contentType: "application/json", body: "{}" }],
  ])("OA-27 a token endpoint answering %s ends on the error page, and the next sign-in works", async (_, answer) => {
    const r = rogueRig()
    rogue.tokenAnswer = answer
    expectStopped(r, await deliver(r.browser, await rogueCallback(r)), { reason: /./, after: "tokens" })
    rogue.tokenAnswer = undefined
    expectSignedIn(await deliver(r.browser, await rogueCallback(r)))
  })

  it("OA-27 every request to the provider carries an AbortSignal", async () => {
    const r = rogueRig()
    expectSignedIn(await deliver(r.browser, await rogueCallback(r)))
    expect(r.fetched.map((f) => f.url.pathname)).toEqual(["/.well-known/openid-configuration", "/token", "/jwks", "/userinfo"])
    for (const request of r.fetched) expect(request.signal, `${request.method} ${request.url.pathname}`).toBeInstanceOf(AbortSignal)
  })

  it("OA-27 a token endpoint that never answers ends on the error page within the time-out", async () => {
    // The shipped bound is PROVIDER_TIMEOUT_MS (10 s, waited for in full by `npm run soak`); here the internal
    // per-provider hook shortens it, so the test proves the mechanism without waiting 10 s.
    expect(PROVIDER_TIMEOUT_MS).toBe(10_000)
    const timeout = 400
    const r = rogueRig({ [providerTimeoutMs]: timeout } as Partial<OIDCConfig>)
    const callback = await rogueCallback(r)
    rogue.tokenAnswer = "hang"
    const started = Date.now()
    const response = await deliver(r.browser, callback)
    const elapsed = Date.now() - started
    expectRejected(response)
    expect(elapsed).toBeGreaterThanOrEqual(timeout - 50)
    expect(elapsed).toBeLessThan(timeout + 3_000)
    expect(r.log.text()).toMatch(/abort|timeout|timed out/i)
    rogue.tokenAnswer = undefined
    expectSignedIn(await deliver(r.browser, await rogueCallback(r)))
  })

  it.todo("OA-28 a refresh returning an ID token with another sub — not applicable: the engine has no refresh-token grant")
})

describe("configuration", () => {
  it("OA-29 checks: [] logs the checks-disabled warning and sends no state, PKCE or nonce", async () => {
    const r = rogueRig({ checks: [] })
    const { authorizationUrl } = await startSignIn(r.browser, "rogue")
    expect(r.log.entries.filter((e) => e.level === "warn").map((e) => e.code)).toContain("checks-disabled")
    for (const name of ["state", "code_challenge", "nonce"]) expect(authorizationUrl!.searchParams.has(name), name).toBe(false)
  })

  it("OA-29 a provider that leaves checks unset still gets PKCE (the default), and no warning", async () => {
    const r = rig([{ ...rogue.oidcProvider(), checks: undefined }])
    const { authorizationUrl } = await startSignIn(r.browser, "rogue")
    expect(authorizationUrl!.searchParams.get("code_challenge_method")).toBe("S256")
    expect(r.log.entries.filter((e) => e.code === "checks-disabled")).toEqual([])
  })

  it("OA-30 an http (non-loopback) issuer: the sign-in fails with a configuration error, and nothing is sent over http", async () => {
    const r = rig([{ ...rogue.oidcProvider(), issuer: "http://op.example" }])
    const { response, authorizationUrl } = await startSignIn(r.browser, "rogue")
    expect(authorizationUrl?.href).toBeUndefined()
    await expectConfigurationError(response)
    expect(r.fetched).toEqual([])
  })

  it("OA-30 an http (non-loopback) token endpoint is never called", async () => {
    const r = rig([rogue.oauthProvider({ authorization: "https://op.example/authorize", token: "http://op.example/token", checks: ["state"] })])
    const { authorizationUrl } = await startSignIn(r.browser, "fake")
    const state = authorizationUrl?.searchParams.get("state") ?? "no-state"
    const response = await deliver(r.browser, `${ORIGIN}${BASE}/callback/fake?code=some-code&state=${encodeURIComponent(state)}`)
    await expectConfigurationError(response)
    expect(writesSession(response)).toBe(false)
    expect(r.fetched.filter((f) => f.url.protocol === "http:")).toEqual([])
    expect(r.log.text()).toMatch(/plain http|https/)
  })

  it("OA-30 an http (non-loopback) token endpoint is a configuration error before any redirect to the provider", async () => {
    const r = rig([rogue.oauthProvider({ authorization: "https://op.example/authorize", token: "http://op.example/token", checks: ["state"] })])
    const { response, authorizationUrl } = await startSignIn(r.browser, "fake")
    expect(authorizationUrl?.href, "no redirect to the provider").toBeUndefined()
    await expectConfigurationError(response)
  })

  it("OA-30 an http (non-loopback) JWKS URL is never fetched, and the ID token is not accepted unverified", async () => {
    // https://op.example is answered by the rogue OP (a stand-in for DNS); its JWKS is configured over plain http.
    const route = (url: URL): URL => (url.origin === "https://op.example" ? new URL(`${url.pathname}${url.search}`, rogue.issuer) : url)
    const r = rig(
      [
        rogue.oidcProvider({
          issuer: "https://op.example",
          authorization: "https://op.example/authorize",
          token: "https://op.example/token",
          userinfo: "https://op.example/userinfo",
          jwks_endpoint: "http://op.example/jwks",
          idToken: false,
        }),
      ],
      {},
      route,
    )
    rogue.sendIss = false
    rogue.idToken = { claims: { iss: "https://op.example" } }
    const { response: started, authorizationUrl } = await startSignIn(r.browser, "rogue")
    if (authorizationUrl) {
      // Refused at run time: the code is exchanged, then the ID token cannot be verified.
      const callback = await rogue.authorize(new URL(`${authorizationUrl.pathname}${authorizationUrl.search}`, rogue.issuer))
      const response = await deliver(r.browser, callback)
      expectRejected(response)
    } else {
      // Refused with the configuration (the stricter answer).
      await expectConfigurationError(started)
    }
    expect(rogue.count("/jwks")).toBe(0)
    expect(rogue.count("/userinfo")).toBe(0)
    expect(r.adapter.calls.filter((c) => adapterWrites.has(c))).toEqual([])
    expect(r.fetched.filter((f) => f.url.protocol === "http:")).toEqual([])
  })
})

describe("authorization request hardening (RFC 9700 §2.1.2)", () => {
  it("authorizationParams cannot turn the request into an implicit one (response_type stays code)", async () => {
    const r = rogueRig()
    const { authorizationUrl } = await startSignIn(r.browser, "rogue", { query: { response_type: "id_token token" } })
    expect(authorizationUrl?.searchParams.get("response_type") ?? "code").toBe("code")
  })

  it("authorizationParams cannot change the redirect_uri", async () => {
    const r = rogueRig()
    const { authorizationUrl } = await startSignIn(r.browser, "rogue", { query: { redirect_uri: "https://evil.example/callback" } })
    expect(authorizationUrl!.searchParams.get("redirect_uri")).toBe(`${ORIGIN}${BASE}/callback/rogue`)
  })
})
