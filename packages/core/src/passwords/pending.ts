/**
 * RT-01 for passwords: a sign-up never owns an address it has not verified. When the address's owner proves it
 * another way — an e-mail link, an OAuth account linked by that address — while the user's address is still
 * unverified, the password someone set at sign-up, and every session signed in with it, are gone.
 */
import type { AdapterUser } from "../adapters.js"
import type { Context } from "../context.js"

export async function dropPendingPassword(ctx: Context, user: AdapterUser): Promise<void> {
  const { config } = ctx
  const adapter = config.adapter
  if (user.emailVerified || !adapter?.getUserPassword || !adapter.setUserPassword) return
  const record = await adapter.getUserPassword(user.id)
  if (!record) return
  await adapter.setUserPassword(user.id, null)
  if (config.sessionRegistry) {
    const { revokeAll } = await import("../session-registry/sessions.js")
    await revokeAll(config, user.id, undefined)
  }
  config.logger.warn("password-pending-dropped")
}
