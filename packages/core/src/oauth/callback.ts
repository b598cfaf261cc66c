/**
 * The OAuth/OIDC callback (RFC 6749 §4.1.2–4.1.4, RFC 9207, OIDC Core §3.1.3): validate the authorization response
 * against the state cookie, exchange the code with the PKCE verifier, validate the token response and the ID token
 * (signature, `iss`, `aud`, `azp`, `nonce`, `exp`/`iat` — all by oauth4webapi), fetch userinfo when needed, and map
 * the profile. Every check is oauth4webapi's; nothing here re-implements protocol validation.
 */
import * as o from "oauth4webapi"
import type { Context } from "../context.js"
import { OAuthCallbackError, OAuthProfileParseError } from "../errors.js"
import type { OAuthConfigInternal, TokenEndpointContext } from "../providers/types.js"
import type { Account, Profile, TokenSet, User } from "../types.js"
import { redirectUri } from "./authorization-url.js"
import { spendState, useCheck } from "./checks.js"
import { clientAuth } from "./client-auth.js"
import { appleUser, tenantServer } from "./conform.js"
import { endpointHandler, endpointParams } from "./endpoints.js"
import { providerFetch } from "./http.js"
import { requestOptions } from "./request-options.js"
import { authorizationServer, jwksCacheFor } from "./server.js"

export interface OAuthResult {
  /** What `profile()` returned; `id` is the provider's account id. */
  user: User
  account: Account
  profile: Profile
  tokens: TokenSet
}

/** The callback's parameters as sent: the query, or a `form_post` body. Never flattened (duplicates are refused). */
export function callbackParams(ctx: Context): URLSearchParams {
  return ctx.req.method === "POST" ? (ctx.req.form ?? new URLSearchParams()) : new URLSearchParams(ctx.req.url.search)
}

/** Runs the callback. The caller clears the check cookies (see `clearChecks`) whatever the outcome. */
export async function oauthCallback(ctx: Context, provider: OAuthConfigInternal): Promise<OAuthResult> {
  const params = callbackParams(ctx)
  const checks = new Set<string>(provider.checks ?? ["pkce"])
  const state = checks.has("state") ? await useCheck(ctx, "state", provider.id) : undefined
  const codeVerifier = checks.has("pkce") ? await useCheck(ctx, "pkceCodeVerifier", provider.id) : undefined
  const nonce = checks.has("nonce") && provider.type === "oidc" ? await useCheck(ctx, "nonce", provider.id) : undefined

  const as = await authorizationServer(provider)
  const client: o.Client = { client_id: provider.clientId ?? "", ...provider.client }
  const options = requestOptions(provider)

  // OA-25: only the code flow is supported; a response carrying tokens (implicit or hybrid) is refused outright.
  for (const key of ["id_token", "access_token", "token"]) {
    if (params.has(key)) throw new OAuthCallbackError(`${provider.id} sent "${key}" in the authorization response; only the code flow is accepted.`)
  }
  let validated: URLSearchParams
  try {
    validated = o.validateAuthResponse(as, client, params, state ?? o.expectNoState)
  } catch (error) {
    if (error instanceof o.AuthorizationResponseError) {
      // The provider said no (access_denied, …): a sign-in error, shown on the sign-in page. The description is
      // logged, never rendered.
      throw new OAuthCallbackError(`${provider.id} returned error "${error.error}"`, {
        cause: { provider: provider.id, error: error.error, description: error.error_description?.slice(0, 200) },
      })
    }
    throw error
  }
  // After the response matched the cookie, before the code is spent: a replay on any process stops here (RT-10).
  if (state) await spendState(ctx, provider.id, state)

  const { tokens, claims } = await exchangeCode(ctx, provider, as, client, validated, { code_verifier: codeVerifier, nonce, state })
  const profile = await loadProfile(provider, as, client, tokens, claims, options)
  const appleName = appleUser(provider, params)
  if (appleName) profile.user = appleName

  let user: User | null | undefined
  try {
    user = await provider.profile!(profile as never, tokens)
  } catch (error) {
    throw new OAuthProfileParseError(error instanceof Error ? error : new Error(String(error)), { cause: { provider: provider.id } })
  }
  // `String(profile.id)` in a profile mapping turns a missing id into "undefined": one account every such answer would share.
  const providerAccountId = user && typeof user === "object" ? String(user.id ?? "") : ""
  if (!user || typeof user !== "object" || ["", "undefined", "null", "[object Object]"].includes(providerAccountId)) {
    throw new OAuthProfileParseError(`The profile of "${provider.id}" has no id.`)
  }
  user = { ...user, id: providerAccountId, email: typeof user.email === "string" ? user.email.toLowerCase() : user.email }
  const account: Account = { ...tokens, provider: provider.id, type: provider.type, providerAccountId }
  return { user, account, profile, tokens }
}

async function exchangeCode(
  ctx: Context,
  provider: OAuthConfigInternal,
  as: o.AuthorizationServer,
  client: o.Client,
  params: URLSearchParams,
  checks: TokenEndpointContext["checks"],
): Promise<{ tokens: TokenSet; claims?: o.IDToken }> {
  const token = endpointHandler(provider.token as never)
  let raw: o.TokenEndpointResponse | TokenSet
  let claims: o.IDToken | undefined
  if (token?.request) {
    // A provider's own token handler (docs/design.md#account-linking-and-provider-hooks: honoured, unlike Auth.js v5).
    // The provider as its type promises it, with its callback URL (Foursquare and Azure DevOps send it as redirect_uri).
    const withCallback = { ...provider, callbackUrl: redirectUri(ctx, provider) }
    const result = (await token.request({ params: Object.fromEntries(params), checks, provider: withCallback } as never)) as { tokens?: TokenSet }
    if (!result?.tokens || typeof result.tokens !== "object") throw new TypeError(`The token handler of "${provider.id}" returned no tokens.`)
    raw = result.tokens
    if (provider.type === "oidc" && typeof raw.id_token === "string") {
      // An ID token from a custom handler is validated exactly like one from the token endpoint.
      const response = Response.json({ token_type: "bearer", ...raw })
      raw = await o.processAuthorizationCodeResponse(as, client, response, { expectedNonce: checks.nonce ?? o.expectNoNonce, requireIdToken: true })
      await verifyIdTokenSignature(provider, as, client, response, raw.id_token as string)
      claims = issuedInThePast(provider, o.getValidatedIdTokenClaims(raw as o.TokenEndpointResponse))
    }
  } else {
    let response = await o.authorizationCodeGrantRequest(
      as,
      client,
      await clientAuth(provider, client),
      params,
      redirectUri(ctx, provider),
      checks.code_verifier ?? o.nopkce,
      { ...requestOptions(provider), headers: { accept: "application/json" }, additionalParameters: endpointParams(provider.token, provider) },
    )
    if (token?.conform) response = (await token.conform(response)) ?? response
    const server = await tenantServer(provider, as, response)
    raw = await o.processAuthorizationCodeResponse(server, client, response, {
      expectedNonce: checks.nonce ?? o.expectNoNonce,
      requireIdToken: provider.type === "oidc",
    })
    // The ID token's signature (docs/design.md#id-tokens-and-provider-endpoints). `alg: none` only for a client
    // explicitly registered for it.
    if (raw.id_token) await verifyIdTokenSignature(provider, server, client, response, raw.id_token)
    // Read from oauth4webapi's own result object: the claims are tied to it, not to a copy.
    claims = issuedInThePast(provider, o.getValidatedIdTokenClaims(raw as o.TokenEndpointResponse))
  }
  return { tokens: normalizeTokens(raw as TokenSet), claims }
}

/** How far ahead of our clock an ID token's `iat` may be: an IdP clock 25 s fast passes, 2 minutes does not (LF-05). */
const FUTURE_IAT_TOLERANCE_S = 60

/**
 * OIDC Core §3.1.2.7 item 10 lets a client reject an ID token "issued too far away from the current time";
 * oauth4webapi checks `exp` and `nbf` but not an `iat` in the future, which is what a skewed or forging IdP sends.
 */
function issuedInThePast(provider: OAuthConfigInternal, claims: o.IDToken | undefined): o.IDToken | undefined {
  if (claims && claims.iat > Math.floor(Date.now() / 1000) + FUTURE_IAT_TOLERANCE_S) {
    throw new TypeError(`The ID token of "${provider.id}" was issued in the future (iat ${claims.iat}); check the clocks.`)
  }
  return claims
}

/**
 * The ID token's signature (docs/design.md#id-tokens-and-provider-endpoints): asymmetric algorithms against the
 * provider's JWKS by oauth4webapi; HMAC algorithms (LINE signs HS256 with the channel secret, OIDC Core §10.1) with the
 * client secret; `alg: none` only for a client explicitly registered for it. oauth4webapi has already checked the
 * header `alg` against `client.id_token_signed_response_alg` (default RS256), so no other algorithm reaches here.
 */
export async function verifyIdTokenSignature(
  provider: OAuthConfigInternal,
  as: o.AuthorizationServer,
  client: o.Client,
  response: Response,
  idToken: string,
): Promise<void> {
  const alg = client.id_token_signed_response_alg
  if (alg === "none") return
  if (typeof alg === "string" && alg.startsWith("HS")) {
    const { compactVerify } = await import("jose")
    await compactVerify(idToken, new TextEncoder().encode(provider.clientSecret ?? ""), { algorithms: [alg] })
    return
  }
  await o.validateApplicationLevelSignature(as, response, { ...requestOptions(provider), [o.jwksCache]: jwksCacheFor(as.jwks_uri) })
}


/** `token_type` lower-cased, `expires_at` (seconds) computed from `expires_in`. */
export function normalizeTokens(raw: TokenSet): TokenSet {
  const tokens: TokenSet = { ...raw }
  if (typeof tokens.token_type === "string") tokens.token_type = tokens.token_type.toLowerCase() as Lowercase<string>
  // `expires_in: 0` means "does not expire" for some providers (VK offline tokens), as in Auth.js: no `expires_at`.
  const expiresIn = Number(tokens.expires_in)
  if (Number.isFinite(expiresIn) && expiresIn > 0) tokens.expires_at = Math.floor(Date.now() / 1000) + expiresIn
  return tokens
}

async function loadProfile(
  provider: OAuthConfigInternal,
  as: o.AuthorizationServer,
  client: o.Client,
  tokens: TokenSet,
  claims: o.IDToken | undefined,
  options: ReturnType<typeof requestOptions>,
): Promise<Profile> {
  const userinfo = endpointHandler(provider.userinfo as never)
  const useIdToken = provider.type === "oidc" && (provider as { idToken?: boolean }).idToken !== false

  if (useIdToken && claims) {
    // OIDC Core §5.4: an OP may serve the requested profile claims from userinfo only. Then (and only then) userinfo
    // is fetched, its `sub` checked against the ID token's, and the ID token's claims win.
    const incomplete = !("email" in claims) && !("name" in claims)
    if (!incomplete || !as.userinfo_endpoint || !tokens.access_token || userinfo?.request) return { ...claims } as unknown as Profile
    const response = await o.userInfoRequest(as, client, tokens.access_token, options)
    const extra = await o.processUserInfoResponse(as, client, claims.sub, response)
    return { ...extra, ...claims } as unknown as Profile
  }
  if (userinfo?.request) return (await userinfo.request({ tokens, provider } as never)) as Profile
  if (!as.userinfo_endpoint) throw new TypeError(`Provider "${provider.id}" has no userinfo endpoint.`)
  if (!tokens.access_token) throw new TypeError(`Provider "${provider.id}" returned no access token.`)

  if (provider.type === "oidc") {
    // OIDC Core §5.3.2: the userinfo `sub` must be the ID token's (OA-14).
    const response = await o.userInfoRequest(as, client, tokens.access_token, options)
    return (await o.processUserInfoResponse(as, client, claims?.sub ?? o.skipSubjectCheck, response)) as unknown as Profile
  }
  // Plain OAuth 2: the profile endpoint is provider-specific JSON (no `sub` to check).
  const url = new URL(as.userinfo_endpoint)
  for (const [key, value] of Object.entries(endpointParams(provider.userinfo, provider))) url.searchParams.set(key, value)
  const response = await providerFetch(provider)(url, {
    headers: { authorization: `Bearer ${tokens.access_token}`, accept: "application/json", "user-agent": "gatehouse" },
  })
  if (!response.ok) throw new TypeError(`The userinfo endpoint of "${provider.id}" answered ${response.status}.`)
  const profile = (await response.json()) as unknown
  if (!profile || typeof profile !== "object") throw new TypeError(`The userinfo endpoint of "${provider.id}" answered no JSON object.`)
  return profile as Profile
}
