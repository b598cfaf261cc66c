/**
 * `GET /callback/:id?token&email&callbackUrl` for an email provider: the link is single use, unexpired, and valid
 * only for the address it was sent to (EC-07 … EC-09); then the user is found or created, the `signIn` callback asked,
 * and a fresh session started. A passkey this browser registered for the address while signed out (RT-01,
 * `webauthn/pending-passkey.ts`) is attached to the user now that the address is proven.
 */
import type { AdapterUser } from "../../adapters.js"
import type { Context } from "../../context.js"
import { Verification } from "../../errors.js"
import { normalizeEmail } from "../../email/normalize.js"
import { hashVerificationToken } from "../../email/verification-token.js"
import type { Cookie } from "../../http/cookie.js"
import type { ResponseInternal } from "../../http/response.js"
import type { EmailConfig } from "../../providers/types.js"
import { randomUUID } from "../../runtime/random.js"
import { createSession } from "../../session/create-session.js"
import { isPasswordProvider } from "../../passwords/is-password.js"
import type { Account } from "../../types.js"
import { pageUrl } from "../shared.js"
import { authorizeSignIn } from "./authorize-sign-in.js"

export async function emailCallback(ctx: Context, provider: EmailConfig, callbackUrl: string, cookies: Cookie[]): Promise<ResponseInternal> {
  const { config, req } = ctx
  const adapter = config.adapter!
  const token = req.query.token
  if (!token || !req.query.email) throw new Verification("The sign-in link is incomplete.")
  let identifier: string
  try {
    identifier = provider.normalizeIdentifier ? provider.normalizeIdentifier(req.query.email) : normalizeEmail(req.query.email)
  } catch {
    throw new Verification("The sign-in link names an invalid address.")
  }

  // Made with the first secret; a link sent before a rotation is still honoured (docs/design.md#secret-rotation).
  const secrets = provider.secret ? [provider.secret] : config.secrets
  let used = null
  let stored = ""
  for (const secret of secrets) {
    stored = await hashVerificationToken(token, secret)
    used = await adapter.useVerificationToken!({ identifier, token: stored })
    if (used) break
  }
  if (!used) throw new Verification("The sign-in link is unknown, already used, or for another address.")
  if (used.expires.valueOf() < Date.now()) throw new Verification("The sign-in link has expired.")

  const existing = await adapter.getUserByEmail!(identifier)
  const candidate: AdapterUser = existing ?? { id: randomUUID(), email: identifier, emailVerified: null }
  const account: Account = { providerAccountId: identifier, userId: candidate.id, type: "email", provider: provider.id }
  const redirect = await authorizeSignIn(ctx, { user: candidate, account })
  if (redirect) return { redirect, cookies }

  let user: AdapterUser
  const isNewUser = !existing
  if (existing) {
    // The owner proved the address: a password set at an unverified sign-up is not theirs (RT-01).
    if (!existing.emailVerified && config.providers.some(isPasswordProvider)) await (await import("../../passwords/pending.js")).dropPendingPassword(ctx, existing)
    user = await adapter.updateUser!({ id: existing.id, emailVerified: new Date() })
    await config.events.updateUser?.({ user })
  } else {
    const { id: _generated, ...fields } = candidate
    user = await adapter.createUser!({ ...fields, id: randomUUID(), emailVerified: new Date() } as AdapterUser)
    await config.events.createUser?.({ user })
  }
  if (req.cookies[ctx.cookies.pendingPasskey.name] !== undefined) {
    // Loaded only when there is one: an app without passkeys never loads WebAuthn code (style rule 10).
    const { attachPendingPasskey } = await import("../../webauthn/pending-passkey.js")
    await attachPendingPasskey(ctx, user, identifier, stored, cookies)
  }
  const signedIn = { ...account, userId: user.id }
  cookies.push(...(await createSession(ctx, { user, account: signedIn, isNewUser })))
  await config.events.signIn?.({ user, account: signedIn, isNewUser })
  if (isNewUser && config.pages.newUser) return { redirect: pageUrl(ctx, config.pages.newUser, { callbackUrl }), cookies }
  return { redirect: callbackUrl, cookies }
}
