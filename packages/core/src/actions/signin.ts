/**
 * `POST /signin/:id`: starts a sign-in with a provider, after the CSRF check. Credentials (and unknown providers)
 * go back to the sign-in page, where the form posts to the callback, as in Auth.js.
 *
 * OAuth/OIDC providers get the redirect to their authorization endpoint; email providers send a magic link.
 */
import type { Context } from "../context.js"
import { InvalidProvider, MissingCSRF } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import type { ResponseInternal } from "../http/response.js"
import type { EmailConfig, OAuthConfigInternal } from "../providers/types.js"
import { callbackUrl, csrf, pageUrl } from "./shared.js"

export async function signIn(ctx: Context): Promise<ResponseInternal> {
  const cookies: Cookie[] = []
  const state = await csrf(ctx, cookies)
  if (!ctx.skipCSRFCheck && !state.verified) throw new MissingCSRF("CSRF token was missing or did not match its cookie.")
  const callback = await callbackUrl(ctx, cookies)
  const provider = ctx.req.providerId ? ctx.config.providersById.get(ctx.req.providerId) : undefined
  // A provider without its client id, secret or issuer: refused here, never a redirect with `client_id=` empty.
  const unusable = provider && ctx.config.providerProblems.get(provider.id)
  if (unusable) throw unusable
  const signInPage = ctx.config.pages.signIn ?? `${ctx.config.basePath}/signin`
  // Credentials and WebAuthn sign in at their callback (a form, a browser ceremony): here, as in Auth.js, the page.
  if (!provider || provider.type === "credentials" || provider.type === "webauthn") {
    return { redirect: pageUrl(ctx, signInPage, { callbackUrl: callback }), cookies }
  }
  if (provider.type === "oauth" || provider.type === "oidc") {
    // Loaded on first use: an app without OAuth providers never loads oauth4webapi (style rule 10).
    const [{ limitClient }, { startOAuthSignIn }] = await Promise.all([import("../rate-limit/limiter.js"), import("../oauth/authorization-url.js")])
    await limitClient(ctx, "oauth")
    return startOAuthSignIn(ctx, provider as OAuthConfigInternal, callback, cookies)
  }
  if (provider.type === "email") {
    const { startEmailSignIn } = await import("./email-sign-in.js")
    return startEmailSignIn(ctx, provider as EmailConfig, callback, cookies)
  }
  throw new InvalidProvider(`Sign-in with providers of type "${(provider as { type: string }).type}" is not available in this version of Gatehouse.`)
}
