/**
 * Plain OAuth 2 providers (`type: "oauth"`, explicit endpoints on a loopback fake, no discovery) and the provider
 * hooks: exactly the configured checks and scope (docs/design.md#checks-as-configured and
 * #account-linking-and-provider-hooks), `token.request`, `userinfo.request`, `token.conform`, the token normalisation,
 * `[customFetch]` for every provider request, the redirect proxy, and the `form_post` response mode.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { customFetch, type AuthConfig, type OAuthConfig, type OIDCConfig, type TokenSet } from "@gatehousejs/core"
import type { JWTCallbackParams } from "@gatehousejs/core/config/auth-config"
import { clearDiscoveryCache } from "@gatehousejs/core/oauth/server"
import { BASE, ORIGIN, SECRET, type Browser } from "../helpers/auth.js"
import { parseSetCookie, recordingLogger, RecordingBrowser, setCookie, testConfig, writesSession } from "../security/helpers.js"
import {
  callbackPath,
  deliver,
  expectRejected,
  expectSignedIn,
  NONCE_COOKIE,
  PKCE_COOKIE,
  recordingFetch,
  startSignIn,
  STATE_COOKIE,
  type RecordedRequest,
} from "./flow.js"
import { RogueOp } from "./rogue-op.js"

let fake: RogueOp

beforeAll(async () => {
  fake = await RogueOp.start()
})
afterAll(() => fake.close())
beforeEach(async () => {
  clearDiscoveryCache()
  await fake.reset()
  // A plain OAuth 2 server: no ID token, a GitHub-like profile.
  fake.issueIdToken = false
  fake.userinfoBody = { id: 4242, login: "octo", name: "Octo Cat", email: "Octo.Cat@Example.com", avatar_url: "https://img.example/octo.png" }
})

interface Rig {
  browser: RecordingBrowser
  config: AuthConfig
  fetched: RecordedRequest[]
  log: ReturnType<typeof recordingLogger>
  jwtCalls: JWTCallbackParams[]
}

function rig(providers: (OAuthConfig | OIDCConfig)[], extra: Partial<AuthConfig> = {}, origin = ORIGIN): Rig {
  const log = recordingLogger()
  const recorder = recordingFetch()
  const jwtCalls: JWTCallbackParams[] = []
  const config = testConfig({
    logger: log.logger,
    providers: providers.map((p) => ({ ...p, [customFetch]: recorder.fetch })),
    callbacks: {
      jwt: (params) => {
        if (params.account) jwtCalls.push(params)
        return params.token
      },
    },
    ...extra,
  })
  return { browser: new RecordingBrowser(config, origin), config, fetched: recorder.calls, log, jwtCalls }
}

async function signIn(r: Rig, providerId = "fake"): Promise<{ response: Response; authorizationUrl: URL; callback: URL }> {
  const { authorizationUrl } = await startSignIn(r.browser, providerId)
  expect(authorizationUrl, `sign-in redirects to the provider (log: ${r.log.text().slice(0, 300)})`).toBeDefined()
  const callback = await fake.authorize(authorizationUrl!)
  return { response: await deliver(r.browser, callback), authorizationUrl: authorizationUrl!, callback }
}

async function sessionUser(browser: Browser): Promise<Record<string, unknown> | undefined> {
  return ((await browser.session()) as { user?: Record<string, unknown> } | null)?.user
}

// ---------------------------------------------------------------------------------------------------------------------

describe("exactly the configured checks and scope", () => {
  it("checks ['state'] sends no code_challenge and no nonce, and no scope that was not configured", async () => {
    const r = rig([fake.oauthProvider({ checks: ["state"] })])
    const { response, authorizationUrl } = await signIn(r)
    const params = authorizationUrl.searchParams
    expect(params.has("state")).toBe(true)
    for (const name of ["code_challenge", "code_challenge_method", "nonce", "scope"]) expect(params.has(name), name).toBe(false)
    expect(params.get("response_type")).toBe("code")
    expect(params.get("redirect_uri")).toBe(`${ORIGIN}${BASE}/callback/fake`)
    // No code_verifier at the token endpoint either (the fake refuses a verifier without a challenge).
    const token = r.fetched.find((f) => f.url.pathname === "/token")!
    expect(new URLSearchParams(token.body).has("code_verifier")).toBe(false)
    expectSignedIn(response, `${ORIGIN}/dashboard`, [STATE_COOKIE])
    expect(setCookie(response, PKCE_COOKIE)).toBeUndefined()
    // The default profile: id from `id`, the email lower-cased.
    expect(await sessionUser(r.browser)).toEqual({ name: "Octo Cat", email: "octo.cat@example.com", image: null })
    expect(r.jwtCalls[0]!.account!.providerAccountId).toBe("4242")
  })

  it("a configured scope is sent as it is, with no OIDC scope added", async () => {
    const r = rig([fake.oauthProvider({ checks: ["state"], authorization: { url: `${fake.issuer}/authorize`, params: { scope: "read:user user:email" } } })])
    const { authorizationUrl } = await startSignIn(r.browser, "fake")
    expect(authorizationUrl!.searchParams.get("scope")).toBe("read:user user:email")
  })
})

describe("provider hooks", () => {
  it("a token.request handler is honoured (it gets the callback params and checks; its tokens are used)", async () => {
    const request = vi.fn(async ({ params, checks }: { params: Record<string, string>; checks: Record<string, string | undefined> }) => {
      // A VK-style token call: the handler talks to the token endpoint itself, with its own parameters.
      const response = await fetch(`${fake.issuer}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: params.code!,
          redirect_uri: `${ORIGIN}${BASE}/callback/fake`,
          client_id: fake.clientId,
          client_secret: fake.clientSecret,
          v: "5.199",
          ...(checks.code_verifier ? { code_verifier: checks.code_verifier } : {}),
        }),
      })
      return { tokens: { ...((await response.json()) as TokenSet), from_handler: true } }
    })
    const r = rig([fake.oauthProvider({ checks: ["pkce", "state"], token: { url: `${fake.issuer}/token`, request } as OAuthConfig["token"] })])
    const { response, callback } = await signIn(r)
    expectSignedIn(response, `${ORIGIN}/dashboard`, [STATE_COOKIE, PKCE_COOKIE])
    expect(request).toHaveBeenCalledTimes(1)
    const context = request.mock.calls[0]![0]
    expect(context.params.code).toBe(callback.searchParams.get("code"))
    expect(context.checks.state).toBe(callback.searchParams.get("state"))
    expect(context.checks.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,}$/)
    expect(fake.requests.filter((q) => q.path === "/token").map((q) => new URLSearchParams(q.body).get("v"))).toEqual(["5.199"])
    expect(r.fetched.filter((f) => f.url.pathname === "/token")).toEqual([])
    expect(r.jwtCalls[0]!.account).toMatchObject({ from_handler: true, token_type: "bearer" })
  })

  it("a userinfo.request handler is used instead of the userinfo endpoint", async () => {
    const request = vi.fn(({ tokens }: { tokens: TokenSet }) => ({ id: `handled-${String(tokens.access_token).slice(0, 3)}`, name: "Handler User", email: "handler@example.com" }))
    const r = rig([fake.oauthProvider({ checks: ["state"], userinfo: { url: `${fake.issuer}/userinfo`, request } as OAuthConfig["userinfo"] })])
    const { response } = await signIn(r)
    expectSignedIn(response, `${ORIGIN}/dashboard`, [STATE_COOKIE])
    expect(request).toHaveBeenCalledTimes(1)
    expect(request.mock.calls[0]![0].tokens.access_token).toBe(fake.issued.find((t) => t.startsWith("at-")))
    expect(fake.count("/userinfo")).toBe(0)
    expect(await sessionUser(r.browser)).toMatchObject({ name: "Handler User", email: "handler@example.com" })
  })

  it("without token.conform, a token response with no token_type ends on the error page (control)", async () => {
    fake.tokenExtras = { token_type: undefined }
    const r = rig([fake.oauthProvider({ checks: ["state"] })])
    const { response } = await signIn(r)
    expectRejected(response, { cleared: [STATE_COOKIE] })
    expect(r.log.text()).toMatch(/token_type/)
  })

  it("token.conform is applied to the token response before it is validated", async () => {
    fake.tokenExtras = { token_type: undefined }
    const conform = vi.fn(async (response: Response) => Response.json({ ...((await response.json()) as object), token_type: "Bearer" }))
    const r = rig([fake.oauthProvider({ checks: ["state"], token: { url: `${fake.issuer}/token`, conform } })])
    const { response } = await signIn(r)
    expectSignedIn(response, `${ORIGIN}/dashboard`, [STATE_COOKIE])
    expect(conform).toHaveBeenCalledTimes(1)
    expect(r.jwtCalls[0]!.account!.token_type).toBe("bearer")
  })

  it("the account given to the jwt callback has expires_at computed from expires_in and token_type lower-cased", async () => {
    fake.tokenExtras = { token_type: "Bearer", expires_in: 3600 }
    const r = rig([fake.oauthProvider({ checks: ["state"] })])
    const before = Math.floor(Date.now() / 1000)
    expectSignedIn((await signIn(r)).response, `${ORIGIN}/dashboard`, [STATE_COOKIE])
    const after = Math.floor(Date.now() / 1000)
    const account = r.jwtCalls[0]!.account!
    expect(account.token_type).toBe("bearer")
    expect(account.expires_at).toBeGreaterThanOrEqual(before + 3600)
    expect(account.expires_at).toBeLessThanOrEqual(after + 3600)
    expect(account).toMatchObject({ provider: "fake", type: "oauth", providerAccountId: "4242" })
  })
})

describe("[customFetch]", () => {
  it("receives every request to a plain OAuth 2 provider (token and userinfo: 2)", async () => {
    const r = rig([fake.oauthProvider({ checks: ["state"] })])
    expectSignedIn((await signIn(r)).response, `${ORIGIN}/dashboard`, [STATE_COOKIE])
    const reached = fake.requests.filter((q) => q.path !== "/authorize")
    expect(r.fetched.map((f) => `${f.method} ${f.url.pathname}`)).toEqual(reached.map((q) => `${q.method} ${q.path}`))
    expect(r.fetched).toHaveLength(2)
  })

  it("receives every request to an OIDC provider (discovery, token, JWKS, userinfo: 4)", async () => {
    fake.issueIdToken = true
    fake.userinfoBody = undefined
    const r = rig([fake.oidcProvider({ id: "fake", idToken: false })])
    expectSignedIn((await signIn(r)).response)
    const reached = fake.requests.filter((q) => q.path !== "/authorize")
    expect(r.fetched.map((f) => `${f.method} ${f.url.pathname}`)).toEqual(reached.map((q) => `${q.method} ${q.path}`))
    expect(r.fetched).toHaveLength(4)
  })
})

describe("redirect proxy (redirectProxyUrl)", () => {
  const PROXY = "https://proxy.example"
  const proxyConfig = (): Partial<AuthConfig> => ({ redirectProxyUrl: `${PROXY}${BASE}` })

  it("the authorization redirect_uri is the proxy's callback, state is added to the checks, and the proxy forwards the callback home with all params", async () => {
    const app = rig([fake.oauthProvider({ checks: ["pkce"] })], proxyConfig())
    const proxy = rig([fake.oauthProvider({ checks: ["pkce"] })], proxyConfig(), PROXY)

    const { authorizationUrl } = await startSignIn(app.browser, "fake")
    expect(authorizationUrl!.searchParams.get("redirect_uri")).toBe(`${PROXY}${BASE}/callback/fake`)
    expect(authorizationUrl!.searchParams.has("state")).toBe(true)
    expect(authorizationUrl!.searchParams.get("code_challenge_method")).toBe("S256")
    expect(app.browser.jar.has(STATE_COOKIE)).toBe(true)

    // The provider sends the user to the proxy deployment.
    const atProxy = await fake.authorize(authorizationUrl!)
    expect(atProxy.origin).toBe(PROXY)
    const relayed = await proxy.browser.request(callbackPath(atProxy))
    expect(relayed.status).toBe(302)
    const home = new URL(relayed.headers.get("location")!)
    expect(`${home.origin}${home.pathname}`).toBe(`${ORIGIN}${BASE}/callback/fake`)
    expect([...home.searchParams]).toEqual([...atProxy.searchParams])
    expect(writesSession(relayed)).toBe(false)
    expect(fake.count("/token")).toBe(0)

    // Back home, the code is exchanged with the redirect_uri the provider saw.
    const response = await deliver(app.browser, home)
    expectSignedIn(response, `${ORIGIN}/dashboard`, [STATE_COOKIE, PKCE_COOKIE])
    expect(new URLSearchParams(app.fetched.find((f) => f.url.pathname === "/token")!.body).get("redirect_uri")).toBe(`${PROXY}${BASE}/callback/fake`)
  })

  it("the proxy does not relay a state that was not sealed with its secret", async () => {
    const app = rig([fake.oauthProvider({ checks: ["pkce"] })], { ...proxyConfig(), secret: "another-deployment-secret-0123456789abcdef" })
    const proxy = rig([fake.oauthProvider({ checks: ["pkce"] })], proxyConfig(), PROXY)
    expect(SECRET).not.toBe("another-deployment-secret-0123456789abcdef")
    const { authorizationUrl } = await startSignIn(app.browser, "fake")
    const atProxy = await fake.authorize(authorizationUrl!)
    const response = await proxy.browser.request(callbackPath(atProxy))
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!).origin).toBe(PROXY)
    expect(writesSession(response)).toBe(false)
    expect(fake.count("/token")).toBe(0)
  })

  it("a state the proxy cannot decode is logged as such (InvalidCheck naming the shared secret), not as a missing state cookie", async () => {
    const app = rig([fake.oauthProvider({ checks: ["pkce"] })], { ...proxyConfig(), secret: "another-deployment-secret-0123456789abcdef" })
    const proxy = rig([fake.oauthProvider({ checks: ["pkce"] })], proxyConfig(), PROXY)
    const { authorizationUrl } = await startSignIn(app.browser, "fake")
    const atProxy = await fake.authorize(authorizationUrl!)
    const response = await proxy.browser.request(callbackPath(atProxy))
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("Configuration")
    const errors = proxy.log.entries.filter((e) => e.level === "error")
    expect(errors.map((e) => e.code)).toEqual(["InvalidCheck"])
    expect(proxy.log.text()).toMatch(/redirect proxy could not decode the OAuth state/)
    expect(proxy.log.text()).toMatch(/AUTH_SECRET/)
    expect(proxy.log.text()).not.toMatch(/cookie was missing/)
  })
})

describe("response_mode=form_post", () => {
  const formPostProvider = (checks: OIDCConfig["checks"]): OIDCConfig => {
    fake.issueIdToken = true
    fake.userinfoBody = undefined
    return fake.oidcProvider({ id: "fake", checks, authorization: { params: { response_mode: "form_post" } } })
  }

  /** The cookies a browser sends with a cross-site POST: only those set with `SameSite=None` (and `Secure`). */
  function crossSiteCookies(browser: RecordingBrowser): string {
    const latest = new Map<string, ReturnType<typeof parseSetCookie>>()
    for (const line of browser.setCookieLines) {
      const cookie = parseSetCookie(line)
      latest.set(cookie.name, cookie)
    }
    return [...browser.jar]
      .filter(([name]) => String(latest.get(name)?.attributes.samesite ?? "").toLowerCase() === "none" && latest.get(name)?.attributes.secure === true)
      .map(([name, value]) => `${name}=${value}`)
      .join("; ")
  }

  /**
   * Signed in after a cross-site POST. The Lax `callback-url` cookie is not sent with it, so the destination is the
   * app's default rather than the page the sign-in started from; any page of the app will do here.
   */
  function expectCrossSiteSignedIn(response: Response): void {
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!).origin).toBe(ORIGIN)
    expect(writesSession(response)).toBe(true)
  }

  it("the state and nonce cookies are SameSite=None; Secure, and the POSTed callback signs in", async () => {
    const r = rig([formPostProvider(["pkce", "state", "nonce"])])
    const { response, authorizationUrl } = await startSignIn(r.browser, "fake")
    expect(authorizationUrl!.searchParams.get("response_mode")).toBe("form_post")
    expect(authorizationUrl!.searchParams.get("redirect_uri")).toBe(`${ORIGIN}${BASE}/callback/fake`)
    for (const name of [STATE_COOKIE, NONCE_COOKIE]) {
      const cookie = setCookie(response, name)!
      expect(String(cookie.attributes.samesite).toLowerCase(), name).toBe("none")
      expect(cookie.attributes.secure, name).toBe(true)
      expect(cookie.attributes.httponly, name).toBe(true)
    }
    const { action, fields } = await fake.authorizeFormPost(authorizationUrl!)
    expect(action.href).toBe(`${ORIGIN}${BASE}/callback/fake`)
    const callback = await r.browser.request(callbackPath(action), { body: fields, headers: { origin: "null" } })
    expectSignedIn(callback)
    expect(await sessionUser(r.browser)).toMatchObject({ name: fake.account.name })
  })

  it("a browser that enforces SameSite on the cross-site form_post still signs in (every check cookie it needs is SameSite=None)", async () => {
    const r = rig([formPostProvider(["pkce", "state", "nonce"])])
    const { authorizationUrl } = await startSignIn(r.browser, "fake")
    const { action, fields } = await fake.authorizeFormPost(authorizationUrl!)
    const callback = await r.browser.request(callbackPath(action), { body: fields, headers: { cookie: crossSiteCookies(r.browser), origin: "null" } })
    expect(r.log.text()).not.toMatch(/cookie was missing/)
    expectCrossSiteSignedIn(callback)
  })

  it("the same, with state and nonce only (no PKCE)", async () => {
    const r = rig([formPostProvider(["state", "nonce"])])
    const { authorizationUrl } = await startSignIn(r.browser, "fake")
    const { action, fields } = await fake.authorizeFormPost(authorizationUrl!)
    const callback = await r.browser.request(callbackPath(action), { body: fields, headers: { cookie: crossSiteCookies(r.browser), origin: "null" } })
    expectCrossSiteSignedIn(callback)
  })
})
