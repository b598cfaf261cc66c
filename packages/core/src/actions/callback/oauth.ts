/**
 * `GET|POST /callback/:id` for an OAuth/OIDC provider: the redirect-proxy relay, the protocol checks (oauth/callback),
 * the `signIn` callback, user resolution, the session, the `signIn` event, and the redirect. The one-time check
 * cookies are cleared whatever the outcome.
 */
import type { Context } from "../../context.js"
import type { Cookie } from "../../http/cookie.js"
import type { ResponseInternal } from "../../http/response.js"
import { handleLogin } from "../../accounts/handle-login.js"
import { InvalidCheck } from "../../errors.js"
import { callbackParams, oauthCallback } from "../../oauth/callback.js"
import { clearChecks, readStateParam } from "../../oauth/checks.js"
import type { OAuthConfigInternal } from "../../providers/types.js"
import { createSession } from "../../session/create-session.js"
import { pageUrl } from "../shared.js"
import { authorizeSignIn } from "./authorize-sign-in.js"

export async function oauthCallbackAction(
  ctx: Context,
  provider: OAuthConfigInternal,
  callbackUrl: string,
  cookies: Cookie[],
): Promise<ResponseInternal> {
  const relay = await proxyRelay(ctx, provider)
  if (relay) return { redirect: relay, cookies }

  // The check cookies are single-use: cleared on success, and on failure through `failureCookies`.
  const clear = clearChecks(ctx)
  ctx.failureCookies.push(...clear)
  const result = await oauthCallback(ctx, provider)
  cookies.push(...clear)

  const { adapter } = ctx.config
  const known = adapter?.getUserByAccount
    ? await adapter.getUserByAccount({ provider: provider.id, providerAccountId: result.account.providerAccountId })
    : null
  const redirect = await authorizeSignIn(ctx, { user: known ?? result.user, account: result.account, profile: result.profile })
  if (redirect) return { redirect, cookies }

  const { user, isNewUser } = await handleLogin(ctx, result.user, result.account, {
    profile: result.profile,
    allowDangerousEmailAccountLinking: provider.allowDangerousEmailAccountLinking,
    accountFields: provider.account,
  })
  const account = { ...result.account, userId: user.id }
  cookies.push(...(await createSession(ctx, { user, account, profile: result.profile, isNewUser })))
  await ctx.config.events.signIn?.({ user, account, profile: result.profile, isNewUser })
  const newUserPage = ctx.config.pages.newUser
  if (isNewUser && newUserPage) return { redirect: pageUrl(ctx, newUserPage, { callbackUrl }), cookies }
  return { redirect: callbackUrl, cookies }
}

/**
 * On the deployment that serves as redirect proxy (Auth.js `redirectProxyUrl`, docs/design.md#environment): a callback
 * whose `state` names another deployment's callback URL is forwarded there with all its parameters. The state must
 * decrypt with our secret, so only our own deployments can be relayed to; one that does not is `InvalidCheck`.
 */
async function proxyRelay(ctx: Context, provider: OAuthConfigInternal): Promise<string | undefined> {
  const proxy = provider.redirectProxyUrl
  if (!proxy) return undefined
  let proxyOrigin: string
  try {
    proxyOrigin = new URL(proxy).origin
  } catch {
    return undefined
  }
  if (proxyOrigin !== ctx.req.origin) return undefined
  const params = callbackParams(ctx)
  const state = params.get("state")
  if (!state) return undefined
  const decoded = await readStateParam(ctx, state)
  // As Auth.js: refused here, else the callback would go on and report the proxy's missing state cookie instead.
  if (!decoded) {
    throw new InvalidCheck(
      "The redirect proxy could not decode the OAuth state: the deployment that started the sign-in must use the proxy's AUTH_SECRET, and the state must not be altered.",
    )
  }
  if (!decoded.origin) return undefined
  let target: URL
  try {
    target = new URL(decoded.origin)
  } catch {
    return undefined
  }
  if (target.origin === ctx.req.origin) return undefined
  // As Auth.js writes it, `${origin}?${params}`: no "/" added to a bare origin (URL.href would add one).
  if (!/[?#]/.test(decoded.origin)) return `${decoded.origin}?${new URLSearchParams(params)}`
  for (const [key, value] of params) target.searchParams.append(key, value)
  return target.href
}
