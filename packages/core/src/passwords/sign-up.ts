/**
 * `POST {basePath}/signup/<id>` (`email`, `password`, `name?`, `callbackUrl?`): creates the user unverified and mails
 * the link proving the address. An address that already has an account gets the same answer, in the same time (the
 * same hash is computed, the mail is sent after the answer), and its owner gets an "account exists" mail instead:
 * nothing tells the visitor whether the address is known (PW-01). The new user owns nothing until the address is
 * verified (RT-01): no session is issued (with `requireVerifiedEmail`), and proving the address another way drops the
 * password (pending.ts).
 */
import { callbackUrl, pageUrl } from "../actions/shared.js"
import type { AdapterUser } from "../adapters.js"
import type { Context } from "../context.js"
import type { ResponseInternal } from "../http/response.js"
import type { Given } from "../pipeline/route.js"
import { limitAddress } from "../rate-limit/limiter.js"
import { randomUUID } from "../runtime/random.js"
import { done, refused, withinBudget } from "./answer.js"
import { field, formEmail, linkBase, setupFor } from "./endpoint.js"
import { afterAnswer, sendPasswordMail } from "./mail-send.js"
import { pageOf } from "./pages.js"
import { sendVerification } from "./verification-mail.js"

export async function signUp(ctx: Context, given: Given): Promise<ResponseInternal> {
  const setup = await setupFor(ctx)
  const page = pageOf(ctx, given, "signup")
  const { config } = ctx
  const adapter = config.adapter!
  const email = formEmail(ctx)
  if (!email) return refused(ctx, given, "invalid-email", page)
  const password = field(ctx, "password")
  const problem = await setup.problem(password)
  if (problem) return refused(ctx, given, problem, page)
  const base = linkBase(ctx)

  return withinBudget(ctx, given, page, async () => {
    // Before any lookup, for every address alike: a refusal says nothing about whether the address has an account.
    await limitAddress(ctx, "signUp", email)
    const existing = await adapter.getUserByEmail!(email)
    // Both branches hash: the answer takes the same time whether or not the address is known.
    const hash = await setup.hasher.hash(password)
    const callback = await callbackUrl(ctx, given.cookies)
    const name = field(ctx, "name").trim().slice(0, 200) || null
    afterAnswer(ctx, "password-sign-up", async () => {
      if (existing) {
        const signIn = new URL(`${base}/signin`)
        signIn.searchParams.set("callbackUrl", callback)
        await sendPasswordMail(ctx, setup, { purpose: "account-exists", to: email, url: signIn.href, resetUrl: `${base}/password/forgot` })
        return
      }
      const user = await created(ctx, { id: randomUUID(), email, name, emailVerified: null })
      if (!user) return
      await adapter.setUserPassword!(user.id, { hash, resetToken: null, updatedAt: new Date(config.now()) })
      await config.events.createUser?.({ user })
      await config.events.signUp?.({ user })
      await sendVerification(ctx, setup, user, base, callback)
    })
    return done(ctx, given, pageUrl(ctx, config.pages.verifyRequest ?? `${config.basePath}/verify-request`, { provider: setup.provider.id, type: "credentials", purpose: "verify-email" }))
  })
}

/** The new user, or `null` when a simultaneous sign-up of the same address created it first (it got the mail). */
async function created(ctx: Context, user: AdapterUser): Promise<AdapterUser | null> {
  const adapter = ctx.config.adapter!
  try {
    return await adapter.createUser!(user)
  } catch (error) {
    if (await adapter.getUserByEmail!(user.email)) return null
    throw error
  }
}
