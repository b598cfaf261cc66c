/**
 * GitHub sign-in end to end through `Auth()`, against the loopback fake of GitHub (github-fake.ts): sign-in redirect
 * -> authorize -> callback -> token (JSON only when asked) -> `/user` -> `/user/emails` -> session. The provider is
 * pointed at the fake with its own `enterprise.baseUrl` option (or with the `authorization` / `token` / `userinfo`
 * options where the github.com issuer matters). No request leaves 127.0.0.1.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { customFetch, type AuthConfig } from "@gatehousejs/core"
import GitHub from "@gatehousejs/core/providers/github"
import type { Account } from "../../src/types.js"
import { Browser, ORIGIN, testConfig } from "../helpers/auth.js"
import { expectRejected, expectSignedIn, PKCE_COOKIE, startSignIn, STATE_COOKIE } from "../oauth/flow.js"
import { recordingLogger, setCookie, writesSession } from "../security/helpers.js"
import { CLIENT_ID, CLIENT_SECRET, EMAILS, OCTOCAT, start, type FakeGitHub } from "./github-fake.js"
import { clientCredentials, loopbackOnlyFetch, roundTrip, s256, sessionOf } from "./loopback.js"

const CALLBACK = `${ORIGIN}/auth/callback/github`

let fake: FakeGitHub
beforeAll(async () => {
  fake = await start()
})
afterAll(() => fake.close())
afterEach(() => fake.reset())

interface Rig {
  browser: Browser
  accounts: Account[]
  log: ReturnType<typeof recordingLogger>
  escaped: string[]
}

/** An app with GitHub pointed at the fake: `enterprise.baseUrl` unless `options` says otherwise. */
function rig(options: Record<string, unknown> = { enterprise: { baseUrl: fake.url } }): Rig {
  const log = recordingLogger()
  const accounts: Account[] = []
  const guard = loopbackOnlyFetch()
  const provider = GitHub({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...options, [customFetch]: guard.fetch } as never)
  const config: AuthConfig = testConfig({
    // The cast works around a type defect (see report): OAuthConfig<GitHubProfile> is not assignable to Provider.
    providers: [provider] as AuthConfig["providers"],
    logger: log.logger,
    events: { signIn: ({ account }) => void (account && accounts.push(account)) },
  })
  return { browser: new Browser(config), accounts, log, escaped: guard.escaped }
}

const tokenRequests = (): ReturnType<FakeGitHub["requestsTo"]> => fake.requestsTo("/login/oauth/access_token")

describe("GitHub sign-in against the fake", () => {
  it("happy path: /user has email null, the primary address of /user/emails is used; session has name, e-mail, avatar", async () => {
    const r = rig()
    const { callback } = await roundTrip(r.browser, "github")
    expectSignedIn(callback, `${ORIGIN}/dashboard`, [PKCE_COOKIE])
    const session = await sessionOf(r.browser)
    expect(session?.user).toEqual({ name: "The Octocat", email: "octocat@example.test", image: OCTOCAT.avatar_url })
    expect(r.accounts[0]).toMatchObject({ provider: "github", type: "oauth", providerAccountId: "583231", token_type: "bearer", scope: "read:user,user:email" })
    expect(r.accounts[0]!.access_token).toMatch(/^gho_/)
    expect(fake.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      "GET /login/oauth/authorize",
      "POST /login/oauth/access_token",
      "GET /api/v3/user",
      "GET /api/v3/user/emails",
    ])
    expect(r.escaped).toEqual([])
  })

  it("sends the authorization request GitHub expects: client id, callback, code, scope, PKCE S256, no state", async () => {
    const r = rig()
    const { authorizeUrl } = await roundTrip(r.browser, "github")
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${fake.url}/login/oauth/authorize`)
    expect(Object.fromEntries(authorizeUrl.searchParams)).toEqual({
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: CALLBACK,
      scope: "read:user user:email",
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: "S256",
    })
  })

  it("exchanges the code with Basic client authentication (the default), Accept: application/json and the PKCE verifier", async () => {
    const r = rig()
    const { authorizeUrl } = await roundTrip(r.browser, "github")
    const [token] = tokenRequests()
    expect(token!.method).toBe("POST")
    expect(token!.headers.accept).toContain("application/json")
    expect(token!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/)
    expect(clientCredentials(token!)).toEqual({ method: "client_secret_basic", clientId: CLIENT_ID, clientSecret: CLIENT_SECRET })
    expect(token!.body).not.toHaveProperty("client_secret")
    expect(token!.body).toMatchObject({ grant_type: "authorization_code", redirect_uri: CALLBACK, code: expect.any(String) })
    expect(s256(token!.body.code_verifier!)).toBe(authorizeUrl.searchParams.get("code_challenge"))
  })

  it("the fake answers form-encoded when not asked for JSON — so the Accept header is what makes the exchange work", async () => {
    const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`
    const answer = await fetch(`${fake.url}/login/oauth/access_token`, {
      method: "POST",
      headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
      body: "code=nope",
    })
    expect(answer.headers.get("content-type")).toMatch(/^application\/x-www-form-urlencoded/)
    expect(Object.fromEntries(new URLSearchParams(await answer.text()))).toMatchObject({ error: "bad_verification_code" })
  })

  it("calls /user and /user/emails with the token as Bearer, a User-Agent and GitHub's media type", async () => {
    const r = rig()
    await roundTrip(r.browser, "github")
    const token = r.accounts[0]!.access_token
    for (const path of ["/api/v3/user", "/api/v3/user/emails"]) {
      const [call] = fake.requestsTo(path)
      expect(call!.headers.authorization).toBe(`Bearer ${token}`)
      expect(call!.headers["user-agent"]).toBeTruthy()
      expect(call!.headers.accept).toBe("application/vnd.github+json")
      expect(call!.query).toEqual({})
    }
  })

  it("a public address in /user is used as is, without calling /user/emails", async () => {
    fake.behaviour.user = { ...OCTOCAT, email: "public@example.test" }
    const r = rig()
    await roundTrip(r.browser, "github")
    expect((await sessionOf(r.browser))?.user?.email).toBe("public@example.test")
    expect(fake.requestsTo("/api/v3/user/emails")).toHaveLength(0)
  })

  it("with no primary address, the first one of /user/emails is used", async () => {
    fake.behaviour.emails = EMAILS.map((e) => ({ ...e, primary: false }))
    const r = rig()
    await roundTrip(r.browser, "github")
    expect((await sessionOf(r.browser))?.user?.email).toBe("583231+octocat@users.noreply.github.com")
  })

  it("when /user/emails fails (404, e.g. no user:email grant) the sign-in still succeeds with email null", async () => {
    fake.behaviour.emails = 404
    const r = rig()
    const { callback } = await roundTrip(r.browser, "github")
    expectSignedIn(callback, `${ORIGIN}/dashboard`, [PKCE_COOKIE])
    expect((await sessionOf(r.browser))?.user).toEqual({ name: "The Octocat", email: null, image: OCTOCAT.avatar_url })
  })

  it("an empty /user/emails list gives email null", async () => {
    fake.behaviour.emails = []
    const r = rig()
    await roundTrip(r.browser, "github")
    expect((await sessionOf(r.browser))?.user?.email).toBeNull()
  })

  it("a user without a display name is named by login", async () => {
    fake.behaviour.user = { ...OCTOCAT, name: null }
    const r = rig()
    await roundTrip(r.browser, "github")
    expect((await sessionOf(r.browser))?.user?.name).toBe("octocat")
  })

  it("a /user answer without an id is refused (error page), never signed in as the shared account \"undefined\"", async () => {
    const { id: _id, ...withoutId } = OCTOCAT
    fake.behaviour.user = withoutId
    const r = rig()
    const { callback } = await roundTrip(r.browser, "github")
    expect(callback.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
    expect(r.accounts).toEqual([])
    expect(await sessionOf(r.browser)).toBeNull()
  })

  it("client_secret_post, when configured, moves the credentials into the form body", async () => {
    const r = rig({ enterprise: { baseUrl: fake.url }, client: { token_endpoint_auth_method: "client_secret_post" } })
    const { callback } = await roundTrip(r.browser, "github")
    expectSignedIn(callback, `${ORIGIN}/dashboard`, [PKCE_COOKIE])
    const [token] = tokenRequests()
    expect(token!.headers).not.toHaveProperty("authorization")
    expect(clientCredentials(token!)).toEqual({ method: "client_secret_post", clientId: CLIENT_ID, clientSecret: CLIENT_SECRET })
  })
})

describe("GitHub token errors (HTTP 200 with an error body)", () => {
  it("bad_verification_code ends on the error page, no session, no /user call", async () => {
    fake.behaviour.tokenError = "bad_verification_code"
    const r = rig()
    const { callback } = await roundTrip(r.browser, "github")
    expectRejected(callback, { cleared: [PKCE_COOKIE] })
    expect(tokenRequests()).toHaveLength(1)
    expect(fake.requestsTo("/api/v3/user")).toHaveLength(0)
    expect(r.accounts).toEqual([])
    expect(r.log.text()).toContain("bad_verification_code")
  })

  it("a code GitHub never issued gets GitHub's real answer (bad_verification_code, HTTP 200) and fails the same way", async () => {
    const r = rig()
    const { callback } = await roundTrip(r.browser, "github", (url) => url.searchParams.set("code", "0000000000"))
    expectRejected(callback, { cleared: [PKCE_COOKIE] })
    expect(fake.requestsTo("/api/v3/user")).toHaveLength(0)
  })

  it("wrong client credentials (incorrect_client_credentials, HTTP 200) fail without leaking the secret to the log", async () => {
    const log = recordingLogger()
    const provider = GitHub({ clientId: CLIENT_ID, clientSecret: "wrong-secret-value", enterprise: { baseUrl: fake.url } })
    const browser = new Browser(testConfig({ providers: [provider] as AuthConfig["providers"], logger: log.logger }))
    const { callback } = await roundTrip(browser, "github")
    expectRejected(callback, { cleared: [PKCE_COOKIE] })
    expect(log.text()).toContain("incorrect_client_credentials")
    expect(log.text()).not.toContain("wrong-secret-value")
    expect(log.text()).not.toContain(Buffer.from(`${CLIENT_ID}:wrong-secret-value`).toString("base64"))
  })

  it("denied consent ends on the sign-in page with OAuthCallbackError, and no token request is made", async () => {
    fake.behaviour.deny = true
    const r = rig()
    const { callback } = await roundTrip(r.browser, "github")
    expectRejected(callback, { page: "signin", error: "OAuthCallbackError", cleared: [PKCE_COOKIE] })
    expect(tokenRequests()).toHaveLength(0)
  })
})

describe("GitHub's RFC 9207 iss parameter", () => {
  it("GitHub Enterprise: iss = {baseUrl}/login/oauth is accepted", async () => {
    const r = rig()
    const { callbackUrl, callback } = await roundTrip(r.browser, "github")
    expect(callbackUrl.searchParams.get("iss")).toBe(`${fake.url}/login/oauth`)
    expectSignedIn(callback, `${ORIGIN}/dashboard`, [PKCE_COOKIE])
  })

  it("github.com: the iss GitHub sends (https://github.com/login/oauth) matches the default issuer and is accepted", async () => {
    fake.behaviour.iss = "https://github.com/login/oauth"
    fake.behaviour.user = { ...OCTOCAT, email: "public@example.test" }
    const r = rig(fake.endpointOptions())
    const { callbackUrl, callback } = await roundTrip(r.browser, "github")
    expect(callbackUrl.searchParams.get("iss")).toBe("https://github.com/login/oauth")
    expectSignedIn(callback, `${ORIGIN}/dashboard`, [PKCE_COOKIE])
    expect((await sessionOf(r.browser))?.user).toEqual({ name: "The Octocat", email: "public@example.test", image: OCTOCAT.avatar_url })
    expect(r.escaped).toEqual([])
  })

  it("an iss naming another server is refused before any token request (mix-up defence)", async () => {
    fake.behaviour.iss = "https://github.example.org/login/oauth"
    const r = rig()
    const { callback } = await roundTrip(r.browser, "github")
    expectRejected(callback, { cleared: [PKCE_COOKIE] })
    expect(tokenRequests()).toHaveLength(0)
  })

  it("github.com's iss is refused for a GitHub Enterprise provider", async () => {
    fake.behaviour.iss = "https://github.com/login/oauth"
    const r = rig()
    const { callback } = await roundTrip(r.browser, "github")
    expectRejected(callback, { cleared: [PKCE_COOKIE] })
    expect(tokenRequests()).toHaveLength(0)
  })

  it("a callback without iss is still accepted (GitHub did not always send it)", async () => {
    fake.behaviour.iss = undefined
    const r = rig()
    const { callback } = await roundTrip(r.browser, "github")
    expectSignedIn(callback, `${ORIGIN}/dashboard`, [PKCE_COOKIE])
  })
})

describe("GitHub sign-in cookies", () => {
  it("the sign-in sets the PKCE cookie only (no state, no nonce)", async () => {
    const r = rig()
    const { response } = await startSignIn(r.browser, "github")
    expect(setCookie(response, PKCE_COOKIE)?.expired).toBe(false)
    expect(setCookie(response, STATE_COOKIE)).toBeUndefined()
    expect(writesSession(response)).toBe(false)
  })
})

describe("GitHub with its endpoints overridden (authorization / token / userinfo options)", () => {
  it("the /user/emails fallback follows the overridden userinfo URL instead of calling api.github.com", async () => {
    // Known defect (see report): github.ts derives /user/emails from the default API base, not from `userinfo.url`.
    fake.behaviour.iss = "https://github.com/login/oauth"
    const r = rig(fake.endpointOptions())
    const { callback } = await roundTrip(r.browser, "github")
    expectSignedIn(callback, `${ORIGIN}/dashboard`, [PKCE_COOKIE])
    expect(r.escaped).toEqual([])
    expect(fake.requestsTo("/api/v3/user/emails")).toHaveLength(1)
    expect((await sessionOf(r.browser))?.user?.email).toBe("octocat@example.test")
  })
})
