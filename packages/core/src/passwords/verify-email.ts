/**
 * `POST {basePath}/verify-email` (`token`, `callbackUrl?`): the link's confirm button. Uses the link up (single use,
 * across processes), marks the address verified, and signs this browser in. The link's `GET` only shows the button: a
 * mail scanner that opens every link consumes nothing (PW-06).
 */
import { callbackUrl } from "../actions/shared.js"
import type { Context } from "../context.js"
import type { ResponseInternal } from "../http/response.js"
import type { Given } from "../pipeline/route.js"
import { done, refused } from "./answer.js"
import { field, setupFor } from "./endpoint.js"
import { useLinkToken } from "./link-token.js"
import { pageOf } from "./pages.js"
import { signedInAs } from "./signed-in-as.js"

export async function verifyEmail(ctx: Context, given: Given): Promise<ResponseInternal> {
  const setup = await setupFor(ctx)
  const { config } = ctx
  const adapter = config.adapter!
  const page = pageOf(ctx, given, "verify-email")
  const used = await useLinkToken(adapter, "verify-email", field(ctx, "token"), config.secrets, config.now())
  const user = used && (await adapter.getUser!(used.userId))
  if (!user) return refused(ctx, given, "invalid-token", page)
  const verified = user.emailVerified ? user : await adapter.updateUser!({ id: user.id, emailVerified: new Date(config.now()) })
  if (!user.emailVerified) await config.events.updateUser?.({ user: verified })
  const session = await signedInAs(ctx, setup, verified)
  if ("redirect" in session) return done(ctx, given, session.redirect)
  given.cookies.push(...session.cookies)
  return done(ctx, given, await callbackUrl(ctx, given.cookies))
}
