/**
 * `GET <basePath>/webauthn-options/:provider?action=register|authenticate`: the options of a WebAuthn ceremony, and
 * its challenge in the `authjs.challenge` cookie (authjs-behaviour §1.4). Which ceremony: the `action` parameter, the
 * session, and the provider's `getUserInfo` (by default the `email` parameter) decide (see `inferAction`).
 *
 * Answers `200 { action, options }`, or `400 { error: "Invalid action" | "Invalid request" }`.
 */
import { signedInUser } from "../accounts/handle-login.js"
import type { Context } from "../context.js"
import { InvalidProvider } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import { json, type ResponseInternal } from "../http/response.js"
import type { WebAuthnConfigInternal } from "../providers/types.js"
import { createChallengeCookie, type RegisterData } from "../webauthn/challenge.js"
import { webAuthnCall } from "../webauthn/context.js"
import { authenticationOptions, inferAction, registrationOptions, type WebAuthnAction } from "../webauthn/options.js"
import { webAuthnServer } from "../webauthn/server.js"

export async function webAuthnOptions(ctx: Context): Promise<ResponseInternal> {
  const provider = ctx.req.providerId ? ctx.config.providersById.get(ctx.req.providerId) : undefined
  if (!provider || provider.type !== "webauthn") throw new InvalidProvider("WebAuthn options were asked of a provider that is not a WebAuthn provider.")
  const cookies: Cookie[] = []
  const requested = ctx.req.query.action
  if (requested !== undefined && requested !== "register" && requested !== "authenticate") {
    return json({ error: "Invalid action" }, 400, cookies)
  }
  const call = webAuthnCall(ctx, provider as WebAuthnConfigInternal)
  const sessionUser = await signedInUser(ctx)
  const info = sessionUser ? { user: sessionUser, exists: true as const } : await call.provider.getUserInfo(call.options, call.request)
  const decision = inferAction(requested as WebAuthnAction | undefined, Boolean(sessionUser), info)
  const user = info?.user

  if (decision === "authenticate") {
    const server = await webAuthnServer(call.provider)
    const options = await authenticationOptions(server, call, user)
    cookies.push(await createChallengeCookie(ctx, provider.id, { challenge: options.challenge }))
    return json({ action: "authenticate", options }, 200, cookies)
  }
  if (decision === "register" && user && typeof user.email === "string") {
    const server = await webAuthnServer(call.provider)
    const registerData: RegisterData = {
      id: "id" in user && typeof user.id === "string" ? user.id : undefined,
      email: user.email,
      name: user.name ?? undefined,
      image: user.image ?? undefined,
    }
    const options = await registrationOptions(server, call, registerData)
    cookies.push(await createChallengeCookie(ctx, provider.id, { challenge: options.challenge, registerData }))
    return json({ action: "register", options }, 200, cookies)
  }
  return json({ error: "Invalid request" }, 400, cookies)
}
