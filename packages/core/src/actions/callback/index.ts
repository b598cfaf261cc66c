/**
 * `/callback/:id`: where a provider hands the user back. Credentials sign-ins arrive here as a POST of the form.
 */
import type { Context } from "../../context.js"
import { InvalidProvider } from "../../errors.js"
import type { Cookie } from "../../http/cookie.js"
import type { ResponseInternal } from "../../http/response.js"
import type { CredentialsConfig, EmailConfig, OAuthConfigInternal, WebAuthnConfigInternal } from "../../providers/types.js"
import { callbackUrl, csrf } from "../shared.js"
import { credentialsCallback } from "./credentials.js"

export async function callback(ctx: Context): Promise<ResponseInternal> {
  const provider = ctx.req.providerId ? ctx.config.providersById.get(ctx.req.providerId) : undefined
  if (!provider) throw new InvalidProvider(`Callback for an unknown provider "${String(ctx.req.providerId ?? "")}".`)
  const unusable = ctx.config.providerProblems.get(provider.id)
  if (unusable) throw unusable
  const cookies: Cookie[] = []
  if (provider.type === "credentials") {
    // POST only: a GET with credentials in the query never signs in (ASVS 7.6.2, EC-13).
    if (ctx.req.method !== "POST") throw new InvalidProvider("Credentials can only be submitted with POST.")
    const state = await csrf(ctx, cookies)
    const callback = await callbackUrl(ctx, cookies)
    return credentialsCallback(ctx, provider as CredentialsConfig, state, callback, cookies)
  }
  if (provider.type === "oauth" || provider.type === "oidc") {
    const callback = await callbackUrl(ctx, cookies)
    const { oauthCallbackAction } = await import("./oauth.js")
    return oauthCallbackAction(ctx, provider as OAuthConfigInternal, callback, cookies)
  }
  if (provider.type === "email") {
    const callback = await callbackUrl(ctx, cookies)
    const { emailCallback } = await import("./email.js")
    return emailCallback(ctx, provider as EmailConfig, callback, cookies)
  }
  if (provider.type === "webauthn") {
    const state = await csrf(ctx, cookies)
    const callback = await callbackUrl(ctx, cookies)
    const { webAuthnCallback } = await import("./webauthn.js")
    return webAuthnCallback(ctx, provider as WebAuthnConfigInternal, state, callback, cookies)
  }
  throw new InvalidProvider(`Callbacks for providers of type "${(provider as { type: string }).type}" are not available in this version of Gatehouse.`)
}
