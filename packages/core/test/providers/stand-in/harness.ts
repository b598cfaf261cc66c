/**
 * A loopback stand-in for any OAuth 2 / OpenID Connect provider, described by a {@link StandIn} (`spec.ts`), served on
 * 127.0.0.1 under its real URLs (`loopback-urls.ts`): the provider module runs unchanged and every request it makes is
 * recorded; a request the stand-in does not know fails the test by name.
 *
 * {@link signInThroughStandIn} drives a whole sign-in through `Auth()`: the sign-in button, the authorization URL
 * (checked against the provider's endpoint and parameters), the user's consent (a code bound to the request, as a
 * real authorization server binds it), the callback, the token request (client authentication, PKCE, redirect URI),
 * the profile requests, and the session and account that result. `refresh.ts` builds the refresh on
 * {@link startStandIn}.
 */
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose"
import { expect } from "vitest"
import { customFetch, type Account, type AuthConfig, type Profile, type User } from "@gatehousejs/core"
import { clearDiscoveryCache } from "../../../src/oauth/server.js"
import { Browser, BASE, ORIGIN, testConfig } from "../../helpers/auth.js"
import { deliver, startSignIn } from "../../oauth/flow.js"
import { clientCredentials, CodeStore, json, startLoopback, type Loopback, type RecordedRequest, type Route } from "../loopback.js"
import { loopbackPath, originalUrl, rewritingFetch } from "./loopback-urls.js"
import type { ApiRoute, StandIn, StandInState } from "./spec.js"

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

/** A stand-in being served: what a sign-in or a refresh through it needs. */
export interface RunningStandIn {
  /** The provider as the app configures it, with the stand-in's `[customFetch]`. */
  provider: { id: string; type: string }
  loopback: Loopback
  state: StandInState
  /** Requests to hosts or paths the stand-in does not serve. */
  unknown: string[]
  /** Serves one more endpoint at the provider's URL (a refresh endpoint of its own). */
  route(method: string, url: string, answer: Route): void
  /** Answers another grant at the token endpoint (`refresh_token`); any other request there is a code exchange. */
  answerGrant(grantType: string, answer: Route): void
  /** An ID token with the spec's claims, signed as the discovery document says; with the authorization's nonce if asked. */
  signIdToken(withNonce: boolean): Promise<string>
  signIn(): Promise<SignedIn>
  close(): Promise<void>
}

/** Serves the spec's provider on loopback; `signIn` drives one sign-in through it. */
export async function startStandIn(spec: StandIn): Promise<RunningStandIn> {
  // A stand-in has its own keys: nothing discovered for an earlier one may be used.
  clearDiscoveryCache()
  const codes = new CodeStore()
  const state: StandInState = { accessToken: "" }
  let nonce: string | undefined
  const signing = spec.oidc?.alg === "ES256" ? "ES256" : "RS256"
  const { privateKey, publicKey } = await generateKeyPair(signing)
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "stand-in", alg: signing, use: "sig" }

  const routes: Record<string, Route> = {}
  const route = (method: string, url: string, answer: Route): void => {
    routes[`${method} ${loopbackPath(url)}`] = answer
  }
  const grants = new Map<string, Route>()

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

  route(spec.token.method ?? "POST", spec.token.url, async (request, res) => {
    const otherGrant = grants.get(request.body.grant_type ?? "")
    if (otherGrant) return otherGrant(request, res)
    const grant = spec.token.grant
    const sent = (spec.token.method ?? "POST") === "GET" || grant?.paramsIn === "query" ? request.query : request.body
    const form = grant ? asCodeGrant(sent, grant) : sent
    const clientId = authenticateClient(spec.token.auth, request, "the token endpoint")
    const redeemed = codes.redeem(form, clientId, { requireRedirectUri: grant?.redirectUri ?? true })
    if (!redeemed.ok) return json(res, 400, { error: redeemed.error, error_description: redeemed.description })
    state.accessToken = codes.token(redeemed.grant)
    const body = tokenAnswer(spec, state.accessToken)
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
    route,
    answerGrant: (grantType, answer) => void grants.set(grantType, answer),
    signIdToken,
    signIn,
    close: () => loopback.close(),
  }
}

/**
 * Checks a token or refresh request's client authentication (RFC 6749 §2.3.1) as the spec describes it, or with the
 * spec's own check for providers that authenticate otherwise; resolves to the client id it carried.
 */
export function authenticateClient(auth: StandIn["token"]["auth"], request: RecordedRequest, where: string): string | undefined {
  if (typeof auth === "function") {
    auth(request)
    return CLIENT_ID
  }
  const credentials = clientCredentials(request)
  expect(credentials.method, `client authentication at ${where}`).toBe(auth)
  expect(credentials.clientSecret, "client secret").toBe(CLIENT_SECRET)
  return credentials.clientId
}

/** The token endpoint's answer around an access token: the provider's own shape, or RFC 6749 §5.1's with the spec's fields. */
export function tokenAnswer(spec: StandIn, accessToken: string): Record<string, unknown> {
  return spec.token.body ? spec.token.body(accessToken) : { access_token: accessToken, token_type: "Bearer", expires_in: 3600, ...spec.token.response }
}

/** A token request in a provider's own form, read as RFC 6749's: its `grant_type` checked, its code under `code`. */
function asCodeGrant(sent: Record<string, string>, grant: NonNullable<StandIn["token"]["grant"]>): Record<string, string> {
  const expected = grant.grantType === undefined ? "authorization_code" : (grant.grantType ?? undefined)
  expect(sent.grant_type, "grant_type of the token request").toBe(expected)
  return { ...sent, grant_type: "authorization_code", code: sent[grant.code ?? "code"] ?? "" }
}

function carriesToken(request: RecordedRequest, how: NonNullable<ApiRoute["token"]>, token: string): boolean {
  if (how === "none") return true
  if (how === "bearer") return /^bearer /i.test(request.headers.authorization ?? "") && request.headers.authorization!.slice(7).trim() === token
  if ("query" in how) return request.query[how.query] === token
  if ("form" in how) return request.body[how.form] === token
  const value = request.headers[how.header.toLowerCase()] ?? ""
  return how.scheme ? value === `${how.scheme} ${token}` : value === token
}
