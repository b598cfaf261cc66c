/**
 * The refresh half of a provider stand-in (issue 16): the `refresh_token` grant (RFC 6749 §6) served and checked as the
 * provider documents it. {@link refreshThroughStandIn} signs in through the stand-in (`harness.ts`), then spends the
 * refresh token the stand-in issued through `refreshGrant`: the refresh request is checked against the provider's
 * documented one (endpoint, client authentication, extra parameters) and the refreshed tokens against what the
 * stand-in answered (a rotated or a kept refresh token, a new ID token).
 */
import { expect } from "vitest"
import type { AuthConfig, TokenSet } from "@gatehousejs/core"
import { normalizeProviders } from "../../../src/providers/normalize.js"
import type { OAuthConfigInternal } from "../../../src/providers/types.js"
import { refreshGrant } from "../../../src/token-refresh/grant.js"
import { subjectOf } from "../../../src/session/provider-tokens.js"
import { json, randomToken, type RecordedRequest, type Route } from "../loopback.js"
import { authenticateClient, startStandIn, tokenAnswer, type RunningStandIn, type SignedIn } from "./harness.js"
import { loopbackPath, originalUrl } from "./loopback-urls.js"
import type { StandIn } from "./spec.js"

/**
 * The `refresh_token` grant as the provider documents it, for one that issues refresh tokens (the sign-in's token
 * answer must carry one): where it goes (default the token endpoint), how the client authenticates (default as in the
 * token request), the parameters it must carry besides `grant_type` and `refresh_token` (exactly these values;
 * `undefined`: absent), and the answer: the token answer's shape with a new access token, a new refresh token only where
 * the provider rotates them, `response` fields on top, and (OIDC) a new ID token unless `idToken` is false.
 */
export interface StandInRefresh {
  url?: string
  auth?: StandIn["token"]["auth"]
  params?: Record<string, string | undefined>
  rotate?: boolean
  response?: Record<string, unknown>
  idToken?: boolean
}

export interface Refreshed {
  signedIn: SignedIn
  /** What `refreshGrant` returned. */
  tokens: TokenSet
  /** The refresh request as the provider module sent it. */
  request: RecordedRequest & { url: string }
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
  const served = serveRefresh(spec, refresh, standIn)
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
      throw served.failures[0] ?? error
    }
    expect(served.failures, "checks of the refresh request").toEqual([])
    expect(standIn.unknown, "requests the stand-in does not know").toEqual([])
    const refreshPath = loopbackPath(refresh.url ?? spec.token.url)
    const sent = standIn.loopback.requests.slice(before).filter((r) => r.path === refreshPath)
    expect(sent.length, `requests to ${refresh.url ?? spec.token.url}`).toBe(1)

    expect(tokens.access_token, "the new access token").toBe(standIn.state.accessToken)
    expect(tokens.access_token, "an access token other than the sign-in's").not.toBe(signedIn.account.access_token)
    expect(tokens.refresh_token, refresh.rotate ? "the rotated refresh token" : "the refresh token kept").toBe(refresh.rotate ? standIn.state.refreshToken : issued)
    if (refresh.rotate) expect(tokens.refresh_token, "a new refresh token").not.toBe(issued)
    expect(tokens.token_type, "token_type, lower-cased").toBe("bearer")
    const expiresIn = Number(served.lastAnswer?.expires_in)
    if (Number.isFinite(expiresIn) && expiresIn > 0) {
      expect(tokens.expires_at, "expires_at from expires_in").toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + expiresIn - 5)
    }
    return { signedIn, tokens, request: { ...sent[0]!, url: originalUrl(sent[0]!.path) } }
  } finally {
    await standIn.close()
  }
}

interface ServedRefresh {
  /** Checks of a refresh request that failed inside the stand-in. */
  failures: unknown[]
  /** The stand-in's last answer to a refresh request. */
  lastAnswer: Record<string, unknown> | undefined
}

/**
 * Serves the refresh at its own URL, or as the `refresh_token` grant at the token endpoint. RFC 6749 §6: the refresh
 * token issued with the sign-in, the client as the provider authenticates it, the documented parameters; the answer in
 * the provider's token shape.
 */
function serveRefresh(spec: StandIn, refresh: StandInRefresh, standIn: RunningStandIn): ServedRefresh {
  const served: ServedRefresh = { failures: [], lastAnswer: undefined }
  const { state } = standIn
  const answer: Route = async (request, res) => {
    try {
      expect(request.method, "the refresh request's method").toBe("POST")
      const form = request.body
      expect(form.grant_type, "grant_type of the refresh request").toBe("refresh_token")
      authenticateClient(refresh.auth ?? spec.token.auth, request, "the refresh endpoint")
      for (const [name, value] of Object.entries(refresh.params ?? {})) expect(form[name], `refresh parameter ${name}`).toBe(value)
      for (const name of ["code", "code_verifier"]) expect(form[name], `${name} in a refresh request`).toBeUndefined()
    } catch (error) {
      served.failures.push(error)
      return json(res, 500, { error: "server_error", error_description: "the refresh request is not the documented one" })
    }
    if (!state.refreshToken || request.body.refresh_token !== state.refreshToken) {
      return json(res, 400, { error: "invalid_grant", error_description: "Unknown or spent refresh token." })
    }
    state.accessToken = randomToken("at_")
    const body: Record<string, unknown> = { ...tokenAnswer(spec, state.accessToken), ...refresh.response }
    delete body.refresh_token
    if (typeof body.access_token === "string") state.accessToken = body.access_token
    if (refresh.rotate) body.refresh_token = state.refreshToken = randomToken("rt_")
    if (spec.oidc && refresh.idToken !== false) body.id_token = await standIn.signIdToken(false)
    served.lastAnswer = body
    json(res, spec.token.status ?? 200, body, spec.token.headers)
  }
  if (refresh.url) standIn.route("POST", refresh.url, answer)
  else standIn.answerGrant("refresh_token", answer)
  return served
}
