/**
 * `POST /signin/:id`: starts a sign-in with a provider, once the pipeline checked the CSRF token (and spent the
 * client's OAuth budget). OAuth/OIDC providers get the redirect to their authorization endpoint; email providers send
 * a magic link. Credentials, WebAuthn and unknown providers go back to the sign-in page, where the form posts to the
 * callback, as in Auth.js.
 */
import type { Context } from "../context.js"
import type { ResponseInternal } from "../http/response.js"
import type { Given } from "../pipeline/route.js"
import type { EmailConfig, OAuthConfigInternal } from "../providers/types.js"
import { callbackUrl, pageUrl } from "./shared.js"

export async function oauthSignIn(ctx: Context, given: Given): Promise<ResponseInternal> {
  const callback = await callbackUrl(ctx, given.cookies)
  // Loaded on first use: an app without OAuth providers never loads oauth4webapi (style rule 10).
  const { startOAuthSignIn } = await import("../oauth/authorization-url.js")
  return startOAuthSignIn(ctx, ctx.config.providersById.get(ctx.req.providerId!) as OAuthConfigInternal, callback, given.cookies)
}

export async function emailSignIn(ctx: Context, given: Given): Promise<ResponseInternal> {
  const callback = await callbackUrl(ctx, given.cookies)
  const { startEmailSignIn } = await import("./email-sign-in.js")
  return startEmailSignIn(ctx, ctx.config.providersById.get(ctx.req.providerId!) as EmailConfig, callback, given.cookies)
}

export async function signInAtPage(ctx: Context, given: Given): Promise<ResponseInternal> {
  const callback = await callbackUrl(ctx, given.cookies)
  const signInPage = ctx.config.pages.signIn ?? `${ctx.config.basePath}/signin`
  return { redirect: pageUrl(ctx, signInPage, { callbackUrl: callback }), cookies: given.cookies }
}
