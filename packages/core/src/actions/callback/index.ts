/**
 * `/callback/:id`: where a provider hands the user back. Credentials sign-ins arrive here as a POST of the form, and
 * WebAuthn ceremonies as a POST of the browser's response; the route table (pipeline/routes.ts) says which method each
 * type takes and which are CSRF-checked.
 */
import type { Context } from "../../context.js"
import type { ResponseInternal } from "../../http/response.js"
import type { Given } from "../../pipeline/route.js"
import type { CredentialsConfig, EmailConfig, OAuthConfigInternal, ProviderConfig, WebAuthnConfigInternal } from "../../providers/types.js"
import { isPasswordProvider } from "../../passwords/is-password.js"
import { callbackUrl } from "../shared.js"
import { credentialsCallback } from "./credentials.js"

/** The matched provider: the route table served this entry for its type, so it exists. */
function providerOf(ctx: Context): ProviderConfig {
  return ctx.config.providersById.get(ctx.req.providerId!)!
}

/** An OAuth/OIDC provider's redirect (or `form_post`), or an e-mail link. */
export async function callback(ctx: Context, given: Given): Promise<ResponseInternal> {
  const provider = providerOf(ctx)
  const callback = await callbackUrl(ctx, given.cookies)
  if (provider.type === "email") {
    const { emailCallback } = await import("./email.js")
    return emailCallback(ctx, provider as EmailConfig, callback, given.cookies)
  }
  const { oauthCallbackAction } = await import("./oauth.js")
  return oauthCallbackAction(ctx, provider as OAuthConfigInternal, callback, given.cookies)
}

export async function credentialsCallbackRoute(ctx: Context, given: Given): Promise<ResponseInternal> {
  const callback = await callbackUrl(ctx, given.cookies)
  const provider = providerOf(ctx)
  if (isPasswordProvider(provider)) {
    // The built-in sign-in of `Password` (loaded only by an app that has one).
    const [{ passwordSetupOf }, { passwordSignIn }] = await Promise.all([import("../../passwords/setup.js"), import("../../passwords/sign-in.js")])
    return passwordSignIn(ctx, (await passwordSetupOf(ctx.config, provider.id))!, callback, given.cookies)
  }
  return credentialsCallback(ctx, provider as CredentialsConfig, callback, given.cookies)
}

export async function webAuthnCallbackRoute(ctx: Context, given: Given): Promise<ResponseInternal> {
  const callback = await callbackUrl(ctx, given.cookies)
  const { webAuthnCallback } = await import("./webauthn.js")
  return webAuthnCallback(ctx, providerOf(ctx) as WebAuthnConfigInternal, callback, given.cookies)
}
