/**
 * VK sign-in end to end through `Auth()`, against the loopback fake of oauth.vk.com and api.vk.com (vk-fake.ts):
 * sign-in redirect -> authorize -> callback -> token -> users.get -> session. No request leaves 127.0.0.1.
 */
import type { AuthConfig } from "@gatehousejs/core"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import VK from "../../src/providers/vk.js"
import type { OAuthUserConfig } from "../../src/providers/types.js"
import type { Account } from "../../src/types.js"
import { Browser, ORIGIN, testConfig } from "../helpers/auth.js"
import { CLIENT_ID, CLIENT_SECRET, defaultBehaviour, start, type FakeVk } from "./vk-fake.js"

const SESSION_COOKIE = "__Secure-authjs.session-token"
const CALLBACK = `${ORIGIN}/auth/callback/vk`
/** Where a failed OAuth callback ends (as Auth.js: the failure is not client-safe, so the page says Configuration). */
const ERROR_PAGE = `${ORIGIN}/auth/error?error=Configuration`

let fake: FakeVk
beforeAll(async () => {
  fake = await start()
})
afterAll(() => fake.close())
afterEach(() => {
  fake.requests.length = 0
  fake.behaviour = defaultBehaviour()
})

interface Run {
  browser: Browser
  /** The answer of `/callback/vk`. */
  callback: Response
  /** Where the sign-in redirected the browser. */
  authorizeUrl: URL
  logger: { error: ReturnType<typeof vi.fn>; warn: ReturnType<typeof vi.fn>; debug: ReturnType<typeof vi.fn> }
  accounts: Account[]
}

function config(options: Partial<OAuthUserConfig> & Record<string, unknown> = {}, overrides: Partial<AuthConfig> = {}): Pick<Run, "logger" | "accounts"> & { config: AuthConfig } {
  const logger = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }
  const accounts: Account[] = []
  const provider = VK({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...fake.endpoints(), ...options })
  return {
    logger,
    accounts,
    config: testConfig({ providers: [provider], logger, events: { signIn: ({ account }) => void (account && accounts.push(account)) }, ...overrides }),
  }
}

/** Starts a sign-in and returns the authorize URL the library redirected to. */
async function startSignIn(browser: Browser): Promise<URL> {
  const csrfToken = await browser.csrfToken()
  const response = await browser.request("/signin/vk", { body: { csrfToken, callbackUrl: `${ORIGIN}/dashboard` } })
  expect(response.status).toBe(302)
  return new URL(response.headers.get("location")!)
}

/** The fake's answer to the authorize request: the redirect back to the app (or VK's error). */
async function visitAuthorize(url: URL): Promise<Response> {
  return fetch(url, { redirect: "manual" })
}

/** The whole dance: sign-in, authorize at the fake, callback (with `tamper` applied to the callback URL). */
async function signIn(setup = config(), tamper: (callback: URL) => void = () => {}): Promise<Run> {
  const browser = new Browser(setup.config)
  const authorizeUrl = await startSignIn(browser)
  const back = await visitAuthorize(authorizeUrl)
  expect(back.status).toBe(302)
  const callbackUrl = new URL(back.headers.get("location")!)
  expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(CALLBACK)
  tamper(callbackUrl)
  const callback = await browser.request(`/callback/vk${callbackUrl.search}`)
  return { browser, callback, authorizeUrl, logger: setup.logger, accounts: setup.accounts }
}

function loggedText(logger: Run["logger"]): string {
  return logger.error.mock.calls
    .flat()
    .map((value) => (value instanceof Error ? `${value.message} ${String(value.stack)} ${JSON.stringify(value.cause ?? null)}` : JSON.stringify(value)))
    .join("\n")
}

describe("VK sign-in against the fake", () => {
  it("happy path: the session has the VK user's name, e-mail and photo", async () => {
    const { browser, callback, accounts } = await signIn()
    expect(callback.status).toBe(302)
    expect(callback.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
    const session = (await browser.session()) as { user: unknown; expires: string }
    expect(session.user).toEqual({ name: "Ivan Petrov", email: "user@example.test", image: "https://example.test/photo_100.jpg" })

    const [account] = accounts
    expect(account).toMatchObject({ provider: "vk", type: "oauth", providerAccountId: "1234567", token_type: "bearer", expires_in: 86400 })
    expect(account!.access_token).toMatch(/^vk1\.a\.FAKE_ACCESS_TOKEN_/)
    expect(account!.expires_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 86400 - 5)
  })

  it("sends the authorization request VK expects: client id, redirect URI, code, email scope, version, state", async () => {
    const { authorizeUrl } = await signIn()
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${fake.oauthUrl}/authorize`)
    const [authorize] = fake.requestsTo("/oauth/authorize")
    expect(authorize!.query).toEqual({
      response_type: "code",
      v: "5.126",
      client_id: CLIENT_ID,
      redirect_uri: CALLBACK,
      scope: "email",
      state: expect.any(String),
    })
  })

  it("sends no PKCE: neither a challenge at authorize nor a verifier at the token endpoint", async () => {
    await signIn()
    const [authorize] = fake.requestsTo("/oauth/authorize")
    expect(authorize!.query).not.toHaveProperty("code_challenge")
    expect(authorize!.query).not.toHaveProperty("code_challenge_method")
    const [token] = fake.requestsTo("/oauth/access_token")
    expect(token!.body).not.toHaveProperty("code_verifier")
  })

  it("exchanges the code with the client secret in the form body (client_secret_post) and the same redirect URI", async () => {
    await signIn()
    const [token] = fake.requestsTo("/oauth/access_token")
    expect(token!.method).toBe("POST")
    expect(token!.headers).not.toHaveProperty("authorization")
    expect(token!.body).toMatchObject({
      grant_type: "authorization_code",
      code: expect.stringMatching(/^FAKE_CODE_/),
      redirect_uri: CALLBACK,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    })
  })

  it("calls users.get with the token as the access_token parameter, not a header", async () => {
    await signIn()
    const [usersGet] = fake.requestsTo("/api/method/users.get")
    expect(usersGet!.method).toBe("GET")
    expect(usersGet!.query).toEqual({ fields: "photo_100", v: "5.126", access_token: expect.stringMatching(/^vk1\.a\.FAKE_ACCESS_TOKEN_/) })
    expect(usersGet!.headers).not.toHaveProperty("authorization")
  })

  it("the API version chosen with the spec's option keys is the one every request carries", async () => {
    await signIn(config(fake.endpoints("5.199")))
    expect(fake.requestsTo("/oauth/authorize")[0]!.query.v).toBe("5.199")
    const token = fake.requestsTo("/oauth/access_token")[0]!
    expect(token.query.v ?? token.body.v).toBe("5.199")
    expect(fake.requestsTo("/api/method/users.get")[0]!.query.v).toBe("5.199")
    expect(fake.requests.map((r) => r.query.v ?? r.body.v)).toEqual(["5.199", "5.199", "5.199"])
  })

  it("the Auth.js v5 keys point the provider at the fake too", async () => {
    const endpoints = fake.endpoints("5.131")
    const { browser } = await signIn(
      config({ accessTokenUrl: undefined, requestTokenUrl: undefined, authorizationUrl: undefined, profileUrl: undefined, authorization: endpoints.authorizationUrl, token: endpoints.accessTokenUrl, userinfo: endpoints.profileUrl }),
    )
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
    expect(fake.requests.map((r) => r.query.v ?? r.body.v)).toEqual(["5.131", "5.131", "5.131"])
  })

  it("without an e-mail in the token response, the session has email null and the sign-in succeeds", async () => {
    fake.behaviour.email = undefined
    const { browser } = await signIn()
    expect(((await browser.session()) as { user: unknown }).user).toEqual({ name: "Ivan Petrov", email: null, image: "https://example.test/photo_100.jpg" })
  })

  it("an offline token (expires_in 0) does not expire: no expires_at (providers.md §1.5, as Auth.js)", async () => {
    fake.behaviour.expiresIn = 0
    const { accounts, browser } = await signIn()
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
    expect(accounts[0]!.expires_in).toBe(0)
    expect(accounts[0]).not.toHaveProperty("expires_at")
  })

  it("an empty last name gives the first name alone", async () => {
    fake.behaviour.user = { ...fake.behaviour.user, last_name: "" }
    const { browser } = await signIn()
    expect(((await browser.session()) as { user: { name: string } }).user.name).toBe("Ivan")
  })
})

describe("VK sign-in failures", () => {
  it("a callback whose state was changed is refused before any token request", async () => {
    const { callback, browser } = await signIn(config(), (url) => url.searchParams.set("state", "tampered"))
    expect(callback.status).toBe(302)
    expect(callback.headers.get("location")).toBe(ERROR_PAGE)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    expect(fake.requestsTo("/oauth/access_token")).toHaveLength(0)
  })

  it("a callback without state is refused", async () => {
    const { callback, browser } = await signIn(config(), (url) => url.searchParams.delete("state"))
    expect(callback.headers.get("location")).toBe(ERROR_PAGE)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    expect(fake.requestsTo("/oauth/access_token")).toHaveLength(0)
  })

  it("denied consent ends on the sign-in page with OAuthCallbackError, and no token request is made", async () => {
    fake.behaviour.deny = true
    const { callback, browser } = await signIn()
    expect(callback.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthCallbackError`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    expect(fake.requestsTo("/oauth/access_token")).toHaveLength(0)
  })

  it("a token error (invalid code) ends on an error page with no session", async () => {
    const { callback, browser, logger } = await signIn(config(), (url) => url.searchParams.set("code", "NOT_ISSUED"))
    expect(callback.status).toBe(302)
    expect(callback.headers.get("location")).toBe(ERROR_PAGE)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    expect(fake.requestsTo("/oauth/access_token")).toHaveLength(1)
    expect(fake.requestsTo("/api/method/users.get")).toHaveLength(0)
    expect(logger.error).toHaveBeenCalled()
  })

  it("a users.get error ends on an error page, and the token appears in no log", async () => {
    fake.behaviour.revokeTokens = true
    const { callback, browser, logger } = await signIn()
    expect(callback.status).toBe(302)
    expect(callback.headers.get("location")).toBe(ERROR_PAGE)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
    const [usersGet] = fake.requestsTo("/api/method/users.get")
    const token = usersGet!.query.access_token!
    expect(loggedText(logger)).toContain("VK users.get failed with API error 5")
    expect(loggedText(logger)).not.toContain(token)
  })

  it("a provider configured with PKCE is refused by VK at the authorize step", async () => {
    const browser = new Browser(config({ checks: ["pkce", "state"] }).config)
    const authorizeUrl = await startSignIn(browser)
    expect(authorizeUrl.searchParams.has("code_challenge")).toBe(true)
    const answer = await visitAuthorize(authorizeUrl)
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({ error: "invalid_request", error_description: "Code challenge method is unsupported" })
  })
})

describe("VK listed bare", () => {
  it("takes its client id and secret from AUTH_VK_ID and AUTH_VK_SECRET", async () => {
    vi.stubEnv("AUTH_VK_ID", "env-client-id")
    vi.stubEnv("AUTH_VK_SECRET", "env-client-secret")
    try {
      const browser = new Browser(testConfig({ providers: [VK] }))
      const url = await startSignIn(browser)
      expect(`${url.origin}${url.pathname}`).toBe("https://oauth.vk.com/authorize")
      expect(Object.fromEntries(url.searchParams)).toEqual({
        response_type: "code",
        v: "5.126",
        client_id: "env-client-id",
        redirect_uri: CALLBACK,
        scope: "email",
        state: expect.any(String),
      })
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
