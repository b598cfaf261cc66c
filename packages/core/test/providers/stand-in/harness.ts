/**
 * A loopback stand-in for any OAuth 2 / OpenID Connect provider, described by a {@link StandIn}: the provider's own
 * request and response shapes (from its public documentation), served on 127.0.0.1 under its real URLs. The
 * provider's `[customFetch]` rewrites `https://<host>/<path>` to `http://127.0.0.1:<port>/<host>/<path>`, so the
 * provider module runs unchanged and every request it makes is recorded; a request the stand-in does not know fails
 * the test by name.
 *
 * {@link signInThroughStandIn} drives a whole sign-in through `Auth()`: the sign-in button, the authorization URL
 * (checked against the provider's endpoint and parameters), the user's consent (a code bound to the request, as a
 * real authorization server binds it), the callback, the token request (client authentication, PKCE, redirect URI),
 * the profile requests, and the session and account that result.
 *
 * {@link refreshThroughStandIn} signs in the same way, then spends the refresh token the stand-in issued through
 * `refreshGrant` (issue 16): the refresh request is checked against the provider's documented one (endpoint, client
 * authentication, extra parameters) and the refreshed tokens against what the stand-in answered.
 */
import type { ServerResponse } from "node:http"
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose"
import { expect } from "vitest"
import { customFetch, type Account, type AuthConfig, type Profile, type TokenSet, type User } from "@gatehousejs/core"
import { clearDiscoveryCache } from "../../../src/oauth/server.js"
import { normalizeProviders } from "../../../src/providers/normalize.js"
import type { OAuthConfigInternal } from "../../../src/providers/types.js"
import { refreshGrant } from "../../../src/token-refresh/grant.js"
import { subjectOf } from "../../../src/token-refresh/session-tokens.js"
import { Browser, BASE, ORIGIN, testConfig } from "../../helpers/auth.js"
import { deliver, startSignIn } from "../../oauth/flow.js"
import { clientCredentials, CodeStore, json, randomToken, startLoopback, type Loopback, type RecordedRequest } from "../loopback.js"

/** Answers one API request: a JSON body, or a function of the request giving one (or `{ status, body }`). */
export type ApiAnswer = unknown | ((request: RecordedRequest, standIn: StandInState) => unknown)

export interface ApiRoute {
  /** What the provider answers. */
  body: ApiAnswer
  /**
   * How the access token must arrive: `Authorization: Bearer` (default), a query parameter's name, a form field's name,
   * or `none` (the request needs no token). A request without the issued token gets 401, as the real API answers.
   */
  token?: "bearer" | "none" | { query: string } | { form: string } | { header: string; scheme?: string }
  status?: number
  /** Answer `body` (a string or bytes) as is, with this content type, instead of as JSON (a photo, a text body). */
  contentType?: string
}

export interface StandIn {
  /** A name for the test (the provider's id, or the id and a variant). */
  name: string
  /** The provider module's default export. */
  provider: (options: Record<string, unknown>) => { id: string; type: string }
  /** What an app passes besides the credentials (`issuer`, a tenant…). */
  options?: Record<string, unknown>
  /** Where the browser is sent. `params`: parameters that must be there with exactly these values (`undefined`: absent). */
  authorization: {
    url: string
    params?: Record<string, string | undefined>
    /** The name of the client id parameter (`client_key` at TikTok, `appid` at WeChat). Default `client_id`. */
    clientIdParam?: string
  }
  /** How the provider sends the user back: a redirect with a query (default) or a cross-site form POST. */
  callback?: "query" | "form_post"
  /** Fields the provider adds to its callback besides `code` and `state` (Apple's `user` on the first consent). */
  callbackParams?: Record<string, string>
  token: {
    url: string
    /** How the client authenticates (RFC 6749 §2.3.1), or a check of its own for providers that do it otherwise. */
    auth: "client_secret_basic" | "client_secret_post" | ((request: RecordedRequest) => void)
    /** The JSON answered; `access_token`, `token_type` and `expires_in` are filled in unless given. */
    response?: Record<string, unknown>
    /** The token request's method, when not POST. */
    method?: "GET" | "POST"
    /**
     * The whole JSON answered, built around the issued access token, for providers whose answer is not RFC 6749's
     * shape (wrapped in `data`, no `token_type`): nothing is filled in.
     */
    body?: (accessToken: string) => Record<string, unknown>
    /** Headers the token endpoint adds to its answer (FusionAuth's `WWW-Authenticate` on a success). */
    headers?: Record<string, string>
    /** The token answer's HTTP status when it is not 200 (Medium answers 201). */
    status?: number
    /**
     * A token request not in RFC 6749 §4.1.3's form, checked as the provider documents it: where its parameters arrive
     * (ClickUp: the query of a POST), the `grant_type` it carries (`null`: none, ClickUp; Azure DevOps: the JWT bearer
     * grant), the name the code travels under (Azure DevOps: `assertion`), and whether `redirect_uri` is required
     * (default true).
     */
    grant?: { paramsIn?: "query" | "body"; grantType?: string | null; code?: string; redirectUri?: boolean }
  }
  /** Every other request the provider makes, by `METHOD https://host/path`. */
  api?: Record<string, ApiRoute>
  /** OpenID Connect: the issuer (discovery at `<issuer>/.well-known/openid-configuration`) and the ID token's claims. */
  oidc?: {
    issuer: string
    claims: Record<string, unknown>
    discovery?: Record<string, unknown>
    userinfo?: string
    /** The ID token's `iss` when it is not `issuer` (a multi-tenant endpoint's token names the user's tenant). */
    tokenIssuer?: string
    /**
     * The ID token's signature: RS256 with the stand-in's key (default), ES256 with an EC P-256 key (Roblox), or HS256
     * with the client secret (LINE). The discovery document lists the asymmetric one used.
     */
    alg?: "RS256" | "ES256" | "HS256"
    /** Where the discovery document is served, when not at `<issuer>/.well-known/openid-configuration` (Frontegg). */
    discoveryUrl?: string
  }
  /** What the sign-in must produce. */
  expect: { providerAccountId: string; user: Partial<User> }
  /**
   * The `refresh_token` grant (RFC 6749 §6) as the provider documents it, for one that issues refresh tokens (the
   * sign-in's token answer must carry one): where it goes (default the token endpoint), how the client authenticates
   * (default as in the token request), the parameters it must carry besides `grant_type` and `refresh_token` (exactly
   * these values; `undefined`: absent), and the answer: the token answer's shape with a new access token, a new refresh
   * token only where the provider rotates them, `response` fields on top, and (OIDC) a new ID token unless `idToken`
   * is false.
   */
  refresh?: {
    url?: string
    auth?: StandIn["token"]["auth"]
    params?: Record<string, string | undefined>
    rotate?: boolean
    response?: Record<string, unknown>
    idToken?: boolean
  }
}

/** What a stand-in's dynamic answers can read: the access token it issued last, and the refresh token now valid. */
export interface StandInState {
  accessToken: string
  refreshToken?: string
}

export interface SignedIn {
  /** The authorization URL the browser was sent to. */
  authorizationUrl: URL
  /** Every request the provider module made, with its original URL. */
  requests: (RecordedRequest & { url: string })[]
  user: User
  account: Account
  profile: Profile | undefined
  session: { user?: Partial<User> } | null
}

export interface Refreshed {
  signedIn: SignedIn
  /** What `refreshGrant` returned. */
  tokens: TokenSet
  /** The refresh request as the provider module sent it. */
  request: RecordedRequest & { url: string }
}

const CLIENT_ID = "stand-in-client-id"
const CLIENT_SECRET = "stand-in-client-secret"

/** Signs in once through the stand-in and checks every step; resolves to what the app got. */
export async function signInThroughStandIn(spec: StandIn): Promise<SignedIn> {
  const standIn = await startStandIn(spec)
  try {
    return await standIn.signIn()
  } finally {
    await standIn.close()
  }
}

/**
 * Signs in through the stand-in, then refreshes the account's tokens with `refreshGrant` on the normalised provider
 * (the stand-in's `[customFetch]` included): exactly one request to the documented refresh endpoint, carrying the
 * issued refresh token, the client authentication and the parameters the spec names; the result holds the new access
 * token, the rotated refresh token (or the old one where the provider keeps it), `token_type` lower-cased and the
 * expiry from `expires_in`.
 */
export async function refreshThroughStandIn(spec: StandIn): Promise<Refreshed> {
  const refresh = spec.refresh
  if (!refresh) throw new TypeError(`The stand-in "${spec.name}" describes no refresh.`)
  const standIn = await startStandIn(spec)
  try {
    const signedIn = await standIn.signIn()
    const issued = signedIn.account.refresh_token
    expect(issued, "the sign-in stored the refresh token the stand-in issued").toBe(standIn.state.refreshToken)
    const { providers, errors } = normalizeProviders([standIn.provider as AuthConfig["providers"][number]], {}, undefined)
    expect(errors, "the provider normalises").toEqual([])
    const provider = providers[0] as OAuthConfigInternal
    const before = standIn.loopback.requests.length

    let tokens: TokenSet
    try {
      const { providerAccountId, id_token } = signedIn.account
      tokens = await refreshGrant(provider, { refresh_token: issued!, providerAccountId, subject: subjectOf(id_token, providerAccountId) })
    } catch (error) {
      // A failed check inside the stand-in answered 500; the check itself says more than the refresh error.
      throw standIn.failures[0] ?? error
    }
    expect(standIn.failures, "checks of the refresh request").toEqual([])
    expect(standIn.unknown, "requests the stand-in does not know").toEqual([])
    const refreshPath = loopbackPath(refresh.url ?? spec.token.url)
    const sent = standIn.loopback.requests.slice(before).filter((r) => r.path === refreshPath)
    expect(sent.length, `requests to ${refresh.url ?? spec.token.url}`).toBe(1)

    expect(tokens.access_token, "the new access token").toBe(standIn.state.accessToken)
    expect(tokens.access_token, "an access token other than the sign-in's").not.toBe(signedIn.account.access_token)
    expect(tokens.refresh_token, refresh.rotate ? "the rotated refresh token" : "the refresh token kept").toBe(refresh.rotate ? standIn.state.refreshToken : issued)
    if (refresh.rotate) expect(tokens.refresh_token, "a new refresh token").not.toBe(issued)
    expect(tokens.token_type, "token_type, lower-cased").toBe("bearer")
    const expiresIn = Number(standIn.lastRefreshAnswer?.expires_in)
    if (Number.isFinite(expiresIn) && expiresIn > 0) {
      expect(tokens.expires_at, "expires_at from expires_in").toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + expiresIn - 5)
    }
    return { signedIn, tokens, request: { ...sent[0]!, url: originalUrl(sent[0]!.path) } }
  } finally {
    await standIn.close()
  }
}

interface RunningStandIn {
  /** The provider as the app configures it, with the stand-in's `[customFetch]`. */
  provider: { id: string; type: string }
  loopback: Loopback
  state: StandInState
  /** Requests to hosts or paths the stand-in does not serve. */
  unknown: string[]
  /** Checks of a refresh request that failed inside the stand-in. */
  failures: unknown[]
  /** The stand-in's last answer to a refresh request. */
  lastRefreshAnswer: Record<string, unknown> | undefined
  signIn(): Promise<SignedIn>
  close(): Promise<void>
}

/** Serves the spec's provider on loopback; `signIn` drives one sign-in through it. */
async function startStandIn(spec: StandIn): Promise<RunningStandIn> {
  // A stand-in has its own keys: nothing discovered for an earlier one may be used.
  clearDiscoveryCache()
  const codes = new CodeStore()
  const state: StandInState = { accessToken: "" }
  let nonce: string | undefined
  const signing = spec.oidc?.alg === "ES256" ? "ES256" : "RS256"
  const { privateKey, publicKey } = await generateKeyPair(signing)
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "stand-in", alg: signing, use: "sig" }

  const routes: Record<string, (request: RecordedRequest, res: ServerResponse) => void | Promise<void>> = {}
  const route = (method: string, url: string, answer: (request: RecordedRequest, res: ServerResponse) => void | Promise<void>): void => {
    routes[`${method} ${loopbackPath(url)}`] = answer
  }

  const signIdToken = (withNonce: boolean): Promise<string> => {
    const hmac = spec.oidc!.alg === "HS256"
    return new SignJWT({ ...spec.oidc!.claims, ...(withNonce && nonce ? { nonce } : {}) })
      .setProtectedHeader(hmac ? { alg: "HS256" } : { alg: signing, kid: "stand-in" })
      .setIssuer(spec.oidc!.tokenIssuer ?? spec.oidc!.issuer)
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(hmac ? new TextEncoder().encode(CLIENT_SECRET) : privateKey)
  }

  const failures: unknown[] = []
  let lastRefreshAnswer: Record<string, unknown> | undefined
  // RFC 6749 §6: the refresh token issued with the sign-in, the client as the provider authenticates it, the
  // documented parameters; the answer in the provider's token shape.
  const answerRefresh = async (request: RecordedRequest, res: ServerResponse): Promise<void> => {
    const refresh = spec.refresh!
    try {
      expect(request.method, "the refresh request's method").toBe("POST")
      const form = request.body
      expect(form.grant_type, "grant_type of the refresh request").toBe("refresh_token")
      authenticateClient(refresh.auth ?? spec.token.auth, request, "the refresh endpoint")
      for (const [name, value] of Object.entries(refresh.params ?? {})) expect(form[name], `refresh parameter ${name}`).toBe(value)
      for (const name of ["code", "code_verifier"]) expect(form[name], `${name} in a refresh request`).toBeUndefined()
    } catch (error) {
      failures.push(error)
      return json(res, 500, { error: "server_error", error_description: "the refresh request is not the documented one" })
    }
    if (!state.refreshToken || request.body.refresh_token !== state.refreshToken) {
      return json(res, 400, { error: "invalid_grant", error_description: "Unknown or spent refresh token." })
    }
    state.accessToken = randomToken("at_")
    const base: Record<string, unknown> = spec.token.body
      ? spec.token.body(state.accessToken)
      : { access_token: state.accessToken, token_type: "Bearer", expires_in: 3600, ...spec.token.response }
    const body: Record<string, unknown> = { ...base, ...refresh.response }
    delete body.refresh_token
    if (typeof body.access_token === "string") state.accessToken = body.access_token
    if (refresh.rotate) body.refresh_token = state.refreshToken = randomToken("rt_")
    if (spec.oidc && refresh.idToken !== false) body.id_token = await signIdToken(false)
    lastRefreshAnswer = body
    json(res, spec.token.status ?? 200, body, spec.token.headers)
  }
  if (spec.refresh?.url) route("POST", spec.refresh.url, answerRefresh)

  route(spec.token.method ?? "POST", spec.token.url, async (request, res) => {
    if (spec.refresh && !spec.refresh.url && request.body.grant_type === "refresh_token") return answerRefresh(request, res)
    const grant = spec.token.grant
    const sent = (spec.token.method ?? "POST") === "GET" || grant?.paramsIn === "query" ? request.query : request.body
    const form = grant ? asCodeGrant(sent, grant) : sent
    const clientId = authenticateClient(spec.token.auth, request, "the token endpoint")
    const redeemed = codes.redeem(form, clientId, { requireRedirectUri: grant?.redirectUri ?? true })
    if (!redeemed.ok) return json(res, 400, { error: redeemed.error, error_description: redeemed.description })
    state.accessToken = codes.token(redeemed.grant)
    const body: Record<string, unknown> = spec.token.body
      ? spec.token.body(state.accessToken)
      : { access_token: state.accessToken, token_type: "Bearer", expires_in: 3600, ...spec.token.response }
    if (!spec.token.body && body.access_token !== state.accessToken) state.accessToken = String(body.access_token)
    if (spec.oidc) body.id_token = await signIdToken(true)
    if (typeof body.refresh_token === "string") state.refreshToken = body.refresh_token
    json(res, spec.token.status ?? 200, body, spec.token.headers)
  })

  for (const [key, api] of Object.entries(spec.api ?? {})) {
    const space = key.indexOf(" ")
    route(key.slice(0, space), key.slice(space + 1), (request, res) => {
      if (!carriesToken(request, api.token ?? "bearer", state.accessToken)) return json(res, 401, { error: "invalid_token" })
      const answer = typeof api.body === "function" ? (api.body as (r: RecordedRequest, s: StandInState) => unknown)(request, state) : api.body
      if (api.contentType) return void res.writeHead(api.status ?? 200, { "content-type": api.contentType }).end(answer as string | Uint8Array)
      json(res, api.status ?? 200, answer)
    })
  }

  if (spec.oidc) {
    const issuer = spec.oidc.issuer.replace(/\/$/, "")
    const jwksUri = `${new URL(spec.oidc.issuer).origin}/stand-in/jwks`
    route("GET", spec.oidc.discoveryUrl ?? `${issuer}/.well-known/openid-configuration`, (_request, res) =>
      json(res, 200, {
        issuer: spec.oidc!.issuer,
        authorization_endpoint: spec.authorization.url,
        token_endpoint: spec.token.url,
        ...(spec.oidc!.userinfo ? { userinfo_endpoint: spec.oidc!.userinfo } : {}),
        jwks_uri: jwksUri,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: [signing],
        ...spec.oidc!.discovery,
      }),
    )
    route("GET", jwksUri, (_request, res) => json(res, 200, { keys: [jwk] }))
  }

  const loopback = await startLoopback(routes)
  const { fetch, unknown } = rewritingFetch(loopback)
  const provider = spec.provider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...spec.options, [customFetch]: fetch })

  async function signIn(): Promise<SignedIn> {
    const captured: { user?: User; account?: Account | null; profile?: Profile } = {}
    const config: AuthConfig = testConfig({
      providers: [provider as AuthConfig["providers"][number]],
      callbacks: {
        jwt({ token, user, account, profile }) {
          if (account) Object.assign(captured, { user, account, profile })
          return token
        },
      },
    })
    const browser = new Browser(config)

    // The sign-in button: to the provider's authorization endpoint, with its parameters.
    const { response, authorizationUrl } = await startSignIn(browser, provider.id)
    expect(response.status, `POST /signin/${provider.id}: ${response.status === 302 ? "" : await response.clone().text()}`).toBe(302)
    expect(authorizationUrl, "the sign-in redirects to the provider").toBeDefined()
    expect(`${authorizationUrl!.origin}${authorizationUrl!.pathname}`, "the authorization endpoint").toBe(spec.authorization.url)
    const query = Object.fromEntries(authorizationUrl!.searchParams)
    const callbackUrl = `${ORIGIN}${BASE}/callback/${provider.id}`
    expect(query.redirect_uri, "redirect_uri").toBe(callbackUrl)
    expect(query[spec.authorization.clientIdParam ?? "client_id"], "the client id").toBe(CLIENT_ID)
    for (const [name, value] of Object.entries(spec.authorization.params ?? {})) expect(query[name], `authorization parameter ${name}`).toBe(value)
    nonce = query.nonce

    // The user consents: a code bound to this request, back to the callback.
    const code = codes.issue({ ...query, client_id: query[spec.authorization.clientIdParam ?? "client_id"] ?? "" })
    const back = new URLSearchParams({ code, ...(query.state ? { state: query.state } : {}), ...spec.callbackParams })
    const callback =
      spec.callback === "form_post"
        ? await browser.request(`/callback/${provider.id}`, { body: Object.fromEntries(back), headers: { origin: "null" } })
        : await deliver(browser, `${callbackUrl}?${back}`)

    const failure = callback.headers.get("location") ?? ""
    expect(unknown, "requests the stand-in does not know").toEqual([])
    expect(failure, "the callback signs the user in").toBe(`${ORIGIN}/dashboard`)
    expect(captured.account?.providerAccountId, "providerAccountId").toBe(spec.expect.providerAccountId)
    const session = (await browser.session()) as SignedIn["session"]
    expect(session?.user, "the session's user").toMatchObject(spec.expect.user)
    return {
      authorizationUrl: authorizationUrl!,
      requests: loopback.requests.map((r) => ({ ...r, url: originalUrl(r.path) })),
      user: captured.user!,
      account: captured.account!,
      profile: captured.profile,
      session,
    }
  }

  return {
    provider,
    loopback,
    state,
    unknown,
    failures,
    get lastRefreshAnswer() {
      return lastRefreshAnswer
    },
    signIn,
    close: () => loopback.close(),
  }
}

/**
 * Checks a token or refresh request's client authentication (RFC 6749 §2.3.1) as the spec describes it, or with the
 * spec's own check for providers that authenticate otherwise; resolves to the client id it carried.
 */
function authenticateClient(auth: StandIn["token"]["auth"], request: RecordedRequest, where: string): string | undefined {
  if (typeof auth === "function") {
    auth(request)
    return CLIENT_ID
  }
  const credentials = clientCredentials(request)
  expect(credentials.method, `client authentication at ${where}`).toBe(auth)
  expect(credentials.clientSecret, "client secret").toBe(CLIENT_SECRET)
  return credentials.clientId
}

/** A token request in a provider's own form, read as RFC 6749's: its `grant_type` checked, its code under `code`. */
function asCodeGrant(sent: Record<string, string>, grant: NonNullable<StandIn["token"]["grant"]>): Record<string, string> {
  const expected = grant.grantType === undefined ? "authorization_code" : (grant.grantType ?? undefined)
  expect(sent.grant_type, "grant_type of the token request").toBe(expected)
  return { ...sent, grant_type: "authorization_code", code: sent[grant.code ?? "code"] ?? "" }
}

/** `https://api.example.com/v1/me` → `/api.example.com/v1/me`: one loopback serves every host. */
function loopbackPath(url: string): string {
  const parsed = new URL(url)
  return `/${parsed.host}${parsed.pathname}`
}

function originalUrl(path: string): string {
  return `https:/${path}`
}

/** The provider's fetch: every `https://host/path` to the loopback; anything else is recorded as unknown and fails. */
function rewritingFetch(loopback: Loopback): { fetch: typeof fetch; unknown: string[] } {
  const unknown: string[] = []
  const rewritten = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.protocol !== "https:") {
      unknown.push(url.href)
      throw new TypeError(`fetch failed: ${url.href} is not https`)
    }
    const target = `${loopback.url}/${url.host}${url.pathname}${url.search}`
    const response = await fetch(new Request(target, request))
    if (response.status === 404) unknown.push(`${request.method} ${url.origin}${url.pathname}`)
    return response
  }
  return { fetch: rewritten as typeof fetch, unknown }
}

function carriesToken(request: RecordedRequest, how: NonNullable<ApiRoute["token"]>, token: string): boolean {
  if (how === "none") return true
  if (how === "bearer") return /^bearer /i.test(request.headers.authorization ?? "") && request.headers.authorization!.slice(7).trim() === token
  if ("query" in how) return request.query[how.query] === token
  if ("form" in how) return request.body[how.form] === token
  const value = request.headers[how.header.toLowerCase()] ?? ""
  return how.scheme ? value === `${how.scheme} ${token}` : value === token
}
