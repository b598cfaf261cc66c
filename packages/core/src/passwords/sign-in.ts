/**
 * `POST {basePath}/callback/<id>` of a `Password` provider (`email`, `password`): the credentials sign-in, done by
 * Gatehouse against the stored hash. The credentials budgets apply as to any credentials provider. An unknown address
 * costs the same hash as a known one (PW-03, PW-05), and a wrong password, an unknown address and a user without a
 * password are the same `CredentialsSignin`. A hash of an older scheme or cost is replaced on success. With
 * `requireVerifiedEmail`, an unverified user's correct password answers the verify-request page (the mail sent again
 * within its budget), never a session (PW-06).
 */
import { pageUrl } from "../actions/shared.js"
import type { Context } from "../context.js"
import { CredentialsSignin, TooManyRequests } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import type { ResponseInternal } from "../http/response.js"
import { limitAddress } from "../rate-limit/limiter.js"
import { field, formEmail, linkBase } from "./endpoint.js"
import { afterAnswer } from "./mail-send.js"
import { MAX_PASSWORD_LENGTH } from "./rules.js"
import type { PasswordSetup } from "./setup.js"
import { signedInAs } from "./signed-in-as.js"
import { sendVerification } from "./verification-mail.js"

export async function passwordSignIn(ctx: Context, setup: PasswordSetup, callbackUrl: string, cookies: Cookie[]): Promise<ResponseInternal> {
  const { config } = ctx
  const adapter = config.adapter!
  const attempt = config.rateLimit
    ? await (await import("../rate-limit/limiter.js")).limitCredentials(ctx, setup.provider, { email: field(ctx, "email").trim().toLowerCase() })
    : undefined
  const password = field(ctx, "password")
  // Past the longest accepted, no password can match: refused before any work.
  if (password === "" || password.length > MAX_PASSWORD_LENGTH * 4) throw new CredentialsSignin()
  const email = formEmail(ctx)
  const user = email ? await adapter.getUserByEmail!(email) : null
  const record = user ? await adapter.getUserPassword!(user.id) : null
  if (!user || !record?.hash) {
    await setup.hasher.verifyNone(password)
    throw new CredentialsSignin()
  }
  const { ok, rehash } = await setup.hasher.verify(record.hash, password)
  if (!ok) throw new CredentialsSignin()
  if (rehash) {
    const hash = await setup.hasher.hash(password)
    await adapter.setUserPassword!(user.id, { ...record, hash, updatedAt: new Date(config.now()) })
  }
  if (attempt) cookies.push(...(await attempt.succeeded()))

  if (setup.requireVerifiedEmail && !user.emailVerified) {
    const base = linkBase(ctx)
    try {
      await limitAddress(ctx, "verifyEmail", user.email)
      afterAnswer(ctx, "password-verification-resend", () => sendVerification(ctx, setup, user, base, callbackUrl))
    } catch (error) {
      // The mail went out recently enough: the page still says to look for it.
      if (!(error instanceof TooManyRequests)) throw error
    }
    const url = pageUrl(ctx, config.pages.verifyRequest ?? `${config.basePath}/verify-request`, { provider: setup.provider.id, type: "credentials", purpose: "verify-email" })
    return { redirect: url, cookies }
  }
  const session = await signedInAs(ctx, setup, user)
  if ("redirect" in session) return { redirect: session.redirect, cookies }
  cookies.push(...session.cookies)
  return { redirect: callbackUrl, cookies }
}
