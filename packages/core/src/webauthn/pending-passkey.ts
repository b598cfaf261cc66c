/**
 * The pending passkey (docs/design.md#users-only-from-proven-identifiers, security catalog RT-01): an address typed by
 * a signed-out visitor proves nothing, so a passkey registered for it creates no user. The verified credential waits in
 * this browser, sealed in the `authjs.pending-passkey` cookie (salt = cookie name, bound to the address, the WebAuthn
 * provider and the one link sent for it, 15 minutes), while that link is e-mailed to the address. Opening it in the
 * same browser proves the address and attaches the passkey to its user; opened anywhere else it is a plain e-mail
 * sign-in. Someone who typed another person's address holds the cookie but never sees the link, and the owner's click
 * never carries the cookie. Binding the cookie to its own link means a cookie tossed into the owner's browser (from a
 * sibling subdomain) is not attached by the owner's ordinary sign-ins either.
 *
 * Without an email provider there is no way to prove an address: when the app also signs in with providers that trust
 * addresses (email, OAuth, OIDC) — whose later users would inherit the account — signed-out registration is refused;
 * when passkeys (and credentials) are all there is, nothing else can reach the user, so it is created at once, as in
 * Auth.js.
 */
import type { AdapterAccount, AdapterUser } from "../adapters.js"
import type { ResolvedConfig } from "../config/resolved-config.js"
import type { Context } from "../context.js"
import { AdapterError, EmailSignInError } from "../errors.js"
import { normalizeEmail } from "../email/normalize.js"
import type { Cookie } from "../http/cookie.js"
import { CHECK_COOKIE_MAX_AGE } from "../http/default-cookies.js"
import type { ResponseInternal } from "../http/response.js"
import type { EmailConfig } from "../providers/types.js"
import { sessionCodec } from "../session/codec.js"
import type { NewCredential } from "./verify.js"

/** What a signed-out registration with a typed address leads to in this configuration. */
export type SignedOutRegistration = { kind: "prove-address"; provider: EmailConfig } | { kind: "create-user" } | { kind: "refused" }

/** The message of the refusal, for the options endpoint's 400 and the callback's error. */
export const SIGN_IN_FIRST = "Sign in first, then add a passkey: this site cannot check an address typed while signed out."

export function signedOutRegistration(config: ResolvedConfig): SignedOutRegistration {
  const email = config.providers.find((provider) => provider.type === "email")
  if (email) return { kind: "prove-address", provider: email as EmailConfig }
  if (config.providers.some((provider) => provider.type === "oauth" || provider.type === "oidc")) return { kind: "refused" }
  return { kind: "create-user" }
}

interface PendingPasskey {
  /** As the email provider normalises it, so that it compares equal with the address a link proves. */
  email: string
  provider: string
  /** The stored (hashed) token of the link sent with this passkey: only that link attaches it. */
  link: string
  credential: NewCredential
}

/**
 * Keeps `credential` for `email` in this browser and sends the address a sign-in link through the email provider
 * (its usual page, or `{ url }` for JSON callers). The address is the one the challenge was issued for.
 */
export async function awaitAddressProof(
  ctx: Context,
  emailProvider: EmailConfig,
  webAuthnProviderId: string,
  email: string,
  credential: NewCredential,
  callbackUrl: string,
  cookies: Cookie[],
): Promise<ResponseInternal> {
  let identifier: string
  try {
    identifier = emailProvider.normalizeIdentifier ? emailProvider.normalizeIdentifier(email) : normalizeEmail(email)
  } catch {
    throw new EmailSignInError("The address of the new passkey was refused by the email provider.")
  }
  const { startEmailSignIn } = await import("../actions/email-sign-in.js")
  // The sign-in reads the address from the body: here it is the challenge's, never a field posted with the callback.
  const emailCtx: Context = { ...ctx, req: { ...ctx.req, body: { ...ctx.req.body, email: identifier } } }
  let link = ""
  const result = await startEmailSignIn(emailCtx, emailProvider, callbackUrl, cookies, (stored) => (link = stored))
  const pending: PendingPasskey = { email: identifier, provider: webAuthnProviderId, link, credential }
  const { name, options } = ctx.cookies.pendingPasskey
  const sealed = await sessionCodec(ctx.config.secrets, name).encode({ ...pending }, CHECK_COOKIE_MAX_AGE)
  const cookie: Cookie = { name, value: sealed, options: { ...options, expires: new Date(Date.now() + CHECK_COOKIE_MAX_AGE * 1000) } }
  return { ...result, cookies: [...(result.cookies ?? []), cookie] }
}

/**
 * After the e-mail link whose stored token is `link` proved `identifier` and its user was found or created: the pending
 * passkey of this browser sent with that link, if any, becomes the user's (a webauthn account and its authenticator)
 * and its cookie is cleared. A pending passkey for another address or another link is left waiting; one that cannot
 * be read is cleared.
 */
export async function attachPendingPasskey(ctx: Context, user: AdapterUser, identifier: string, link: string, cookies: Cookie[]): Promise<void> {
  const { name, options } = ctx.cookies.pendingPasskey
  const sent = ctx.req.cookies[name]
  if (!sent) return
  const pending = pendingOf(await sessionCodec(ctx.config.secrets, name).decode(sent))
  if (pending && (pending.email !== identifier || pending.link !== link)) return
  cookies.push({ name, value: "", options: { ...options, maxAge: 0 } })
  if (!pending || ctx.config.providersById.get(pending.provider)?.type !== "webauthn") return

  const adapter = ctx.config.adapter!
  const { credential } = pending
  if (await adapter.getAuthenticator!(credential.credentialID)) return
  const account = { provider: pending.provider, providerAccountId: credential.credentialID, type: "webauthn", userId: user.id } as AdapterAccount
  let linked = false
  try {
    await adapter.linkAccount!(account)
    linked = true
    await adapter.createAuthenticator!({ ...credential, userId: user.id, providerAccountId: credential.credentialID })
  } catch (error) {
    // As a failed registration (undoLogin): no account may point at a credential that was never stored.
    if (linked) await undo(() => adapter.unlinkAccount?.({ provider: account.provider, providerAccountId: account.providerAccountId }))
    throw new AdapterError(error instanceof Error ? error : new Error(String(error)))
  }
  await ctx.config.events.linkAccount?.({ user, account, profile: user })
}

async function undo(run: () => unknown): Promise<void> {
  try {
    await run()
  } catch {
    // best effort: the original error is what the caller reports
  }
}

function pendingOf(payload: Record<string, unknown> | null): PendingPasskey | null {
  if (!payload || typeof payload.email !== "string" || typeof payload.provider !== "string" || typeof payload.link !== "string") return null
  const credential = payload.credential as Record<string, unknown> | undefined
  if (!credential || typeof credential !== "object") return null
  const { credentialID, credentialPublicKey, counter, credentialBackedUp, credentialDeviceType, transports } = credential
  if (typeof credentialID !== "string" || typeof credentialPublicKey !== "string" || typeof counter !== "number") return null
  if (typeof credentialBackedUp !== "boolean" || typeof credentialDeviceType !== "string") return null
  if (transports !== undefined && typeof transports !== "string") return null
  return {
    email: payload.email,
    provider: payload.provider,
    link: payload.link,
    credential: { credentialID, credentialPublicKey, counter, credentialBackedUp, credentialDeviceType, ...(transports === undefined ? {} : { transports }) },
  }
}
