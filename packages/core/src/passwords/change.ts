/**
 * `POST {basePath}/password/change` (signed in; `currentPassword`, `newPassword`): the current password is checked
 * (its failures spend the credentials budget of the user's address, as sign-in attempts do), the new one against the
 * rules; every other session of the user is revoked, this one kept.
 */
import type { Context } from "../context.js"
import type { ResponseInternal } from "../http/response.js"
import { json } from "../http/response.js"
import type { Given } from "../pipeline/route.js"
import { limitCredentials } from "../rate-limit/limiter.js"
import { refused, wantsJson, withinBudget } from "./answer.js"
import { field, setupFor } from "./endpoint.js"
import { formPage, pageOf } from "./pages.js"

export async function changePassword(ctx: Context, given: Given): Promise<ResponseInternal> {
  const setup = await setupFor(ctx)
  const { config } = ctx
  const adapter = config.adapter!
  const page = pageOf(ctx, given, "change")
  const signedIn = given.signedIn!
  const newPassword = field(ctx, "newPassword")
  const problem = await setup.problem(newPassword)
  if (problem) return refused(ctx, given, problem, page)

  return withinBudget(ctx, given, page, async () => {
    const user = await adapter.getUser!(signedIn.userId)
    const attempt = await limitCredentials(ctx, setup.provider, { email: user?.email ?? signedIn.userId })
    const record = user ? await adapter.getUserPassword!(user.id) : null
    const current = field(ctx, "currentPassword")
    if (!user || !record?.hash) {
      await setup.hasher.verifyNone(current)
      return refused(ctx, given, "wrong-password", page)
    }
    if (!(await setup.hasher.verify(record.hash, current)).ok) return refused(ctx, given, "wrong-password", page)
    if (attempt) given.cookies.push(...(await attempt.succeeded()))

    const hash = await setup.hasher.hash(newPassword)
    await adapter.setUserPassword!(user.id, { hash, resetToken: null, updatedAt: new Date(config.now()) })
    const { revokeAll } = await import("../session-registry/sessions.js")
    await revokeAll(config, user.id, signedIn.sessionToken, "others")
    await config.events.passwordChange?.({ user })
    if (wantsJson(ctx)) return json({ ok: true }, 200, given.cookies)
    return formPage(ctx, given, "change", { changed: true })
  })
}
