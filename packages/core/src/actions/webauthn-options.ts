/**
 * `GET <basePath>/webauthn-options/:provider?action=register|authenticate`: the options of a WebAuthn ceremony, and
 * its challenge in the `authjs.challenge` cookie (authjs-behaviour §1.4). Which ceremony: the `action` parameter and
 * the session decide (see `inferAction`); for a signed-out registration the provider's `getUserInfo` (by default the
 * `email` parameter) names the address.
 *
 * Signed out, the answer never depends on whether a user has the typed address (RT-06): an authentication allows any
 * discoverable credential, a registration excludes none, and both paths do the same work for every address. What a
 * signed-out registration leads to is decided after the address is proven (`webauthn/pending-passkey.ts`, RT-01).
 *
 * Answers `200 { action, options }`, or `400 { error }`: `Invalid action`, `Invalid request`, or — signed out, on an
 * app that cannot prove addresses — `{ error: SIGN_IN_FIRST, code: "SignInFirst" }`.
 */
import { signedInUser } from "../accounts/handle-login.js"
import type { AdapterUser } from "../adapters.js"
import type { Context } from "../context.js"
import { json, type ResponseInternal } from "../http/response.js"
import type { WebAuthnConfigInternal } from "../providers/types.js"
import type { Given } from "../pipeline/route.js"
import { createChallengeCookie, type RegisterData } from "../webauthn/challenge.js"
import { webAuthnCall, type WebAuthnCall } from "../webauthn/context.js"
import { authenticationOptions, inferAction, registrationOptions, type WebAuthnAction } from "../webauthn/options.js"
import { SIGN_IN_FIRST, signedOutRegistration } from "../webauthn/pending-passkey.js"
import { webAuthnServer } from "../webauthn/server.js"

export async function webAuthnOptions(ctx: Context, given: Given): Promise<ResponseInternal> {
  // The route table serves this for WebAuthn providers only, and the pipeline spent the client's budget.
  const provider = ctx.config.providersById.get(ctx.req.providerId!)!
  const { cookies } = given
  const requested = ctx.req.query.action
  if (requested !== undefined && requested !== "register" && requested !== "authenticate") {
    return json({ error: "Invalid action" }, 400, cookies)
  }
  const call = webAuthnCall(ctx, provider as WebAuthnConfigInternal)
  const sessionUser = await signedInUser(ctx)
  if (requested === "register" && !sessionUser && signedOutRegistration(ctx.config).kind === "refused") {
    return json({ error: SIGN_IN_FIRST, code: "SignInFirst" }, 400, cookies)
  }
  const registerData = requested === "register" ? await registrationTarget(call, sessionUser) : undefined
  const decision = inferAction(requested as WebAuthnAction | undefined, Boolean(sessionUser), registerData !== undefined)

  if (decision === "authenticate") {
    const server = await webAuthnServer(call.provider)
    const options = await authenticationOptions(server, call, sessionUser)
    cookies.push(await createChallengeCookie(ctx, provider.id, { challenge: options.challenge }))
    return json({ action: "authenticate", options }, 200, cookies)
  }
  if (decision === "register" && registerData) {
    const server = await webAuthnServer(call.provider)
    const options = await registrationOptions(server, call, registerData)
    cookies.push(await createChallengeCookie(ctx, provider.id, { challenge: options.challenge, registerData }))
    return json({ action: "register", options }, 200, cookies)
  }
  return json({ error: "Invalid request" }, 400, cookies)
}

/**
 * Who a new passkey is for: the signed-in user, or, signed out, the address `getUserInfo` names — looked up for every
 * address alike, and never with a stored user's id, name or picture (they would tell the address is taken, and the id
 * would link the passkey to an account nobody proved). `undefined`: no address.
 */
async function registrationTarget(call: WebAuthnCall, sessionUser: AdapterUser | null): Promise<RegisterData | undefined> {
  if (sessionUser) {
    if (typeof sessionUser.email !== "string") return undefined
    return { id: sessionUser.id, email: sessionUser.email, name: sessionUser.name ?? undefined, image: sessionUser.image ?? undefined }
  }
  const info = await call.provider.getUserInfo(call.options, call.request)
  if (!info || typeof info.user.email !== "string" || !info.user.email) return undefined
  if (info.exists) return { email: info.user.email }
  return { email: info.user.email, name: info.user.name ?? undefined, image: info.user.image ?? undefined }
}
