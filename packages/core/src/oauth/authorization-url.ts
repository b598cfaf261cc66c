/**
 * Starting an OAuth/OIDC sign-in (RFC 6749 §4.1.1, RFC 7636, OIDC Core §3.1.2.1): the authorization URL with
 * `response_type=code`, `client_id`, `redirect_uri`, the provider's parameters, the ones the app passed to `signIn`,
 * and exactly the checks the provider is configured for (docs/design.md#checks-as-configured: `checks: ["state"]` sends
 * no PKCE).
 */
import * as o from "oauth4webapi"
import type { Context } from "../context.js"
import type { Cookie } from "../http/cookie.js"
import type { ResponseInternal } from "../http/response.js"
import type { OAuthConfigInternal } from "../providers/types.js"
import { createCheck, createStateParam, issueState } from "./checks.js"
import { endpointParams } from "./endpoints.js"
import { authorizationServer } from "./server.js"

/** Parameters an app's `authorizationParams` cannot set. */
const protectedParams = new Set([
  "callbackUrl",
  "response_type",
  "client_id",
  "redirect_uri",
  "state",
  "code_challenge",
  "code_challenge_method",
  "nonce",
  "response_mode",
])

/** The `redirect_uri` of a provider: our callback, or the redirect proxy's when one relays for us. */
export function redirectUri(ctx: Context, provider: OAuthConfigInternal): string {
  const own = `${ctx.baseUrl}/callback/${encodeURIComponent(provider.id)}`
  const proxy = provider.redirectProxyUrl
  if (!proxy || isFormPost(provider)) return own
  return `${proxy.replace(/\/$/, "")}/callback/${encodeURIComponent(provider.id)}`
}

export function isFormPost(provider: OAuthConfigInternal): boolean {
  return endpointParams(provider.authorization, provider).response_mode === "form_post"
}

/** `POST /signin/:id` for an OAuth/OIDC provider: the check cookies and the redirect to the provider. */
export async function startOAuthSignIn(
  ctx: Context,
  provider: OAuthConfigInternal,
  callbackUrl: string,
  cookies: Cookie[],
): Promise<ResponseInternal> {
  const as = await authorizationServer(provider)
  if (!as.authorization_endpoint) throw new TypeError(`Provider "${provider.id}" has no authorization endpoint.`)
  const url = new URL(as.authorization_endpoint)
  const params = url.searchParams
  const redirect = redirectUri(ctx, provider)
  for (const [key, value] of Object.entries(endpointParams(provider.authorization, provider))) params.set(key, value)
  // `signIn(provider, options, authorizationParams)` sends its parameters as the query of this POST. They may add
  // to the request (prompt, login_hint, …) but never change what the flow's security rests on.
  for (const [key, value] of Object.entries(ctx.req.query)) if (!protectedParams.has(key)) params.set(key, value)
  // The provider's own value (Azure DevOps: `Assertion`); never the app's query, which cannot change the flow.
  params.set("response_type", endpointParams(provider.authorization, provider).response_type ?? "code")
  params.set("client_id", provider.clientId ?? "")
  params.set("redirect_uri", redirect)
  for (const key of ["state", "code_challenge", "code_challenge_method", "nonce"]) params.delete(key)
  // OIDC needs `openid`; OAuth 2 providers get no scope they did not ask for
  // (docs/design.md#account-linking-and-provider-hooks).
  if (provider.type === "oidc" && !params.has("scope")) params.set("scope", "openid profile email")

  const checks = new Set<string>(provider.checks ?? ["pkce"])
  const formPost = params.get("response_mode") === "form_post"
  if (formPost) {
    // The provider's POST back is cross-site: only SameSite=None cookies travel with it, the callback URL's too.
    const { name, options } = ctx.cookies.callbackUrl
    const index = cookies.findIndex((c) => c.name === name)
    if (index !== -1) cookies.splice(index, 1)
    cookies.push({ name, value: callbackUrl, options: { ...options, sameSite: "none", secure: true } })
  }
  if (checks.has("state")) {
    // Behind a redirect proxy, the state carries our own callback URL so the proxy can send the user back here.
    const origin = redirect.startsWith(ctx.baseUrl) ? undefined : `${ctx.baseUrl}/callback/${encodeURIComponent(provider.id)}`
    const state = await createStateParam(ctx, origin, o.generateRandomState())
    params.set("state", state)
    await issueState(ctx, provider.id, state)
    cookies.push(await createCheck(ctx, "state", state, provider.id, formPost))
  }
  if (checks.has("pkce")) {
    const verifier = o.generateRandomCodeVerifier()
    params.set("code_challenge", await o.calculatePKCECodeChallenge(verifier))
    params.set("code_challenge_method", "S256")
    cookies.push(await createCheck(ctx, "pkceCodeVerifier", verifier, provider.id, formPost))
  }
  if (checks.has("nonce") && provider.type === "oidc") {
    const nonce = o.generateRandomNonce()
    params.set("nonce", nonce)
    cookies.push(await createCheck(ctx, "nonce", nonce, provider.id, formPost))
  }
  ctx.config.logger.debug("authorization-url", { provider: provider.id, url: `${url.origin}${url.pathname}` })
  return { redirect: url.href, cookies }
}
