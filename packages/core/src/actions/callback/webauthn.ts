/**
 * `POST /callback/:id` for a WebAuthn provider, with `action` (`register` | `authenticate`) and `data` (the JSON of
 * the browser's response). The challenge cookie is used once and cleared whatever the outcome.
 *
 * - register: verify the attestation against the challenge and the user it was issued for. Signed in: link it to that
 *   user, store the authenticator, start a session. Signed out, the typed address proves nothing (RT-01): with an
 *   email provider the passkey waits in this browser for the address's e-mail link (`webauthn/pending-passkey.ts`);
 *   on an app whose only sign-ins are passkeys (and credentials) the user is created at once, as in Auth.js.
 * - authenticate: find the stored authenticator, its account and user; refuse another user's credential while signed
 *   in (`AccountNotLinked`, EC-17) before anything is written; verify the assertion (EC-15, EC-16); store the new
 *   counter; start a session.
 *
 * Before this runs, the pipeline cleared the challenge cookie, checked the CSRF token (unlike Auth.js: its page and
 * clients always send it) and spent the client's budget (pipeline/routes.ts).
 */
import type { AdapterAuthenticator } from "../../adapters.js"
import { signedInUser } from "../../accounts/handle-login.js"
import type { Context } from "../../context.js"
import { AccountNotLinked, AdapterError, AuthError, WebAuthnVerificationError } from "../../errors.js"
import type { Cookie } from "../../http/cookie.js"
import type { ResponseInternal } from "../../http/response.js"
import type { WebAuthnConfigInternal } from "../../providers/types.js"
import { createSession } from "../../session/create-session.js"
import type { Account, User } from "../../types.js"
import { storedCredentialId } from "../../webauthn/base64.js"
import { useChallenge } from "../../webauthn/challenge.js"
import { webAuthnCall } from "../../webauthn/context.js"
import { undoLogin, webAuthnLogin } from "../../webauthn/login.js"
import { awaitAddressProof, SIGN_IN_FIRST, signedOutRegistration } from "../../webauthn/pending-passkey.js"
import { webAuthnServer } from "../../webauthn/server.js"
import { parseResponse, verifyAuthentication, verifyRegistration } from "../../webauthn/verify.js"
import { pageUrl } from "../shared.js"
import { authorizeSignIn } from "./authorize-sign-in.js"

export async function webAuthnCallback(
  ctx: Context,
  provider: WebAuthnConfigInternal,
  callbackUrl: string,
  cookies: Cookie[],
): Promise<ResponseInternal> {
  const action = ctx.req.body.action
  if (action !== "register" && action !== "authenticate") throw new AuthError("Invalid action parameter: expected register or authenticate.")
  const response = parseResponse(ctx.req.body.data)
  const call = webAuthnCall(ctx, provider)
  const server = await webAuthnServer(provider)
  const { challenge, registerData } = await useChallenge(ctx, provider.id)
  const current = await signedInUser(ctx)
  const { config } = ctx
  const adapter = config.adapter!

  let user: User
  let account: Account
  let isNewUser = false
  if (action === "authenticate") {
    const credentialID = storedCredentialId(response.id)
    const authenticator = await adapter.getAuthenticator!(credentialID)
    if (!authenticator) throw new WebAuthnVerificationError("No authenticator is registered with this credential id.")
    const stored = await adapter.getAccount!(authenticator.providerAccountId, provider.id)
    if (!stored || stored.userId !== authenticator.userId) {
      throw new WebAuthnVerificationError("The credential is not registered with this provider.")
    }
    const newCounter = await verifyAuthentication(server, call, response, challenge, authenticator, config.logger)
    // EC-17: another user's passkey never signs in over this session, and its authenticator is left as it was.
    if (current && current.id !== stored.userId) throw new AccountNotLinked("The passkey belongs to another user.")
    await updateCounter(ctx, authenticator, newCounter)
    const found = await adapter.getUser!(stored.userId)
    if (!found) throw new WebAuthnVerificationError("The passkey's user no longer exists.")
    user = found
    account = { provider: stored.provider, providerAccountId: stored.providerAccountId, type: "webauthn", userId: found.id }
    const redirect = await authorizeSignIn(ctx, { user, account })
    if (redirect) return { redirect, cookies }
  } else {
    if (!registerData) throw new WebAuthnVerificationError("The challenge was not issued for a registration.")
    const credential = await verifyRegistration(server, call, response, challenge)
    account = { provider: provider.id, providerAccountId: credential.credentialID, type: "webauthn" }
    const profile: User = { email: registerData.email, name: registerData.name ?? null, image: registerData.image ?? null }
    const redirect = await authorizeSignIn(ctx, { user: current ?? profile, account })
    if (redirect) return { redirect, cookies }
    if (!current) {
      const registration = signedOutRegistration(config)
      if (registration.kind === "refused") throw new AccountNotLinked(SIGN_IN_FIRST)
      if (registration.kind === "prove-address") {
        return awaitAddressProof(ctx, registration.provider, provider.id, registerData.email, credential, callbackUrl, cookies)
      }
    }
    const login = await webAuthnLogin(ctx, profile, account, current)
    try {
      await adapter.createAuthenticator!({ ...credential, userId: login.user.id, providerAccountId: credential.credentialID })
    } catch (error) {
      await undoLogin(ctx, login, account)
      throw new AdapterError(error instanceof Error ? error : new Error(String(error)))
    }
    user = login.user
    isNewUser = login.isNewUser
    account = { ...account, userId: login.user.id }
  }

  cookies.push(...(await createSession(ctx, { user, account, isNewUser })))
  await config.events.signIn?.({ user, account, isNewUser })
  if (isNewUser && config.pages.newUser) return { redirect: pageUrl(ctx, config.pages.newUser, { callbackUrl }), cookies }
  return { redirect: callbackUrl, cookies }
}

async function updateCounter(ctx: Context, authenticator: AdapterAuthenticator, newCounter: number): Promise<void> {
  try {
    await ctx.config.adapter!.updateAuthenticatorCounter!(authenticator.credentialID, newCounter)
  } catch (error) {
    throw new AdapterError(error instanceof Error ? error : new Error(String(error)), {
      cause: { credentialID: authenticator.credentialID, oldCounter: authenticator.counter, newCounter },
    })
  }
}
