/**
 * Forgot and reset. `POST {basePath}/password/forgot` (`email`) answers the same for every address, at once; the reset
 * mail goes out afterwards, only when the account exists (PW-05). `POST {basePath}/password/reset` (`token`,
 * `password`) sets the new password, proves the address, revokes every session of the user (both strategies, every
 * browser), and signs this browser in afresh. A reset token is single use, expires (`resetMaxAge`, default 1 h), is
 * stored hashed, and dies when a later reset is requested (PW-04). A user who signed up with OAuth sets a first
 * password this way.
 */
import { callbackUrl } from "../actions/shared.js"
import type { Context } from "../context.js"
import { hashVerificationToken } from "../email/verification-token.js"
import type { ResponseInternal } from "../http/response.js"
import type { Given } from "../pipeline/route.js"
import { limitAddress } from "../rate-limit/limiter.js"
import { done, refused, wantsJson, withinBudget } from "./answer.js"
import { field, formEmail, linkBase, setupFor } from "./endpoint.js"
import { identifierOf, newLinkToken, useLinkToken, userIdOf } from "./link-token.js"
import { afterAnswer, sendPasswordMail } from "./mail-send.js"
import { formPage, pageOf } from "./pages.js"
import { signedInAs } from "./signed-in-as.js"
import { json } from "../http/response.js"

export async function forgotPassword(ctx: Context, given: Given): Promise<ResponseInternal> {
  const setup = await setupFor(ctx)
  const { config } = ctx
  const adapter = config.adapter!
  const page = pageOf(ctx, given, "forgot")
  const email = formEmail(ctx)
  if (!email) return refused(ctx, given, "invalid-email", page)
  const base = linkBase(ctx)
  return withinBudget(ctx, given, page, async () => {
    await limitAddress(ctx, "passwordReset", email)
    const user = await adapter.getUserByEmail!(email)
    if (user) {
      afterAnswer(ctx, "password-reset-request", async () => {
        const { token, stored } = await newLinkToken(user.id, config.secrets[0]!)
        const expires = new Date(config.now() + setup.resetMaxAge * 1000)
        await adapter.createVerificationToken!({ identifier: identifierOf("password-reset", user.id), token: stored, expires })
        // The latest token is the only live one: an earlier link dies with this request.
        const current = await adapter.getUserPassword!(user.id)
        await adapter.setUserPassword!(user.id, { hash: current?.hash ?? null, resetToken: stored, updatedAt: new Date(config.now()) })
        const url = new URL(`${base}/password/reset`)
        url.searchParams.set("token", token)
        await sendPasswordMail(ctx, setup, { purpose: "reset-password", to: user.email, url: url.href, expires })
      })
    }
    if (wantsJson(ctx)) return json({ ok: true }, 200, given.cookies)
    return formPage(ctx, given, "forgot", { sent: true })
  })
}

export async function resetPassword(ctx: Context, given: Given): Promise<ResponseInternal> {
  const setup = await setupFor(ctx)
  const { config } = ctx
  const adapter = config.adapter!
  const page = pageOf(ctx, given, "reset")
  const token = field(ctx, "token")
  const password = field(ctx, "password")
  const userId = userIdOf(token)
  if (userId === undefined) return refused(ctx, given, "invalid-token", page)
  const problem = await setup.problem(password)
  if (problem) return refused(ctx, given, problem, page)

  // Only the latest requested token is live; then it is used up (single use across processes).
  const record = await adapter.getUserPassword!(userId)
  const latest = record?.resetToken ? await isLatest(token, record.resetToken, config.secrets) : false
  const used = latest ? await useLinkToken(adapter, "password-reset", token, config.secrets, config.now()) : null
  const user = used && (await adapter.getUser!(userId))
  if (!user) return refused(ctx, given, "invalid-token", page)

  const hash = await setup.hasher.hash(password)
  await adapter.setUserPassword!(user.id, { hash, resetToken: null, updatedAt: new Date(config.now()) })
  // The mail reached its owner: the address is proven.
  const proven = user.emailVerified ? user : await adapter.updateUser!({ id: user.id, emailVerified: new Date(config.now()) })
  const { revokeAll } = await import("../session-registry/sessions.js")
  await revokeAll(config, user.id, undefined)
  await config.events.passwordReset?.({ user: proven })
  const session = await signedInAs(ctx, setup, proven)
  if ("redirect" in session) return done(ctx, given, session.redirect)
  given.cookies.push(...session.cookies)
  return done(ctx, given, await callbackUrl(ctx, given.cookies))
}

async function isLatest(token: string, stored: string, secrets: readonly string[]): Promise<boolean> {
  for (const secret of secrets) if ((await hashVerificationToken(token, secret)) === stored) return true
  return false
}

