/**
 * Which stored user a credentials sign-in is, for database sessions (issue 25 item 6). A database session points at a
 * row of the adapter's `users` table, so the user `authorize` returns must be one, or become one:
 *
 * | `authorize` returned                                   | result                                                  |
 * |--------------------------------------------------------|---------------------------------------------------------|
 * | no `id`                                                | `CallbackRouteError` (`requireUserId`, before `signIn`) |
 * | an id already linked as this provider's account        | that user                                               |
 * | the id of a stored user, no other address              | that user (the app keeps its users in the adapter)      |
 * | a new id, its address held by another stored user      | `AccountNotLinked`, or link when the provider allows it |
 * | a new id                                               | create the user and its `credentials` account (`isNewUser`) |
 *
 * Never by the signed-in session (a credentials form proves who is typing, not that they own the open session), and
 * never by address unless the provider sets `allowDangerousEmailAccountLinking`. Exactly once under concurrency: the
 * new user's id is derived from the provider and the account id, so simultaneous first sign-ins collide on it (in
 * adapters that keep the id they are given) or on the account's key (in all adapters), and the losers sign in as the
 * winner. JWT sessions do not come here: as in Auth.js, they never touch the adapter.
 */
import type { AdapterAccount, AdapterUser } from "../adapters.js"
import type { Context } from "../context.js"
import { AccountNotLinked, CallbackRouteError } from "../errors.js"
import type { CredentialsConfig } from "../providers/types.js"
import type { Account, User } from "../types.js"
import { stableUserId, type LoginResult } from "./handle-login.js"

/** With database sessions the id `authorize` returns is what identifies the user: a fresh one per sign-in would not. */
export function requireUserId(provider: CredentialsConfig, user: User): void {
  if (user.id === undefined || user.id === null || user.id === "") {
    throw new CallbackRouteError(
      `\`authorize\` of "${provider.id}" returned a user without an \`id\`. With an adapter and database sessions the id identifies the user: return the same id on every sign-in (your user's primary key).`,
    )
  }
}

/** The stored user of a credentials account (`account.providerAccountId` is the id `authorize` returned). */
export async function credentialsUser(ctx: Context, provider: CredentialsConfig, user: User, account: Account): Promise<LoginResult> {
  const adapter = ctx.config.adapter!
  const key = { provider: provider.id, providerAccountId: account.providerAccountId }

  const byAccount = await adapter.getUserByAccount!(key)
  if (byAccount) return { user: byAccount, isNewUser: false }
  const stored = await adapter.getUser!(account.providerAccountId)
  if (stored && sameAddress(stored.email, user.email)) return { user: stored, isNewUser: false }

  const id = await stableUserId(provider.id, account.providerAccountId)
  const byEmail = user.email ? await adapter.getUserByEmail!(user.email) : null
  // `byEmail.id === id`: a simultaneous first sign-in of this same account created it a moment ago.
  if (byEmail && byEmail.id !== id && !provider.allowDangerousEmailAccountLinking) {
    throw new AccountNotLinked(
      `\`authorize\` of "${provider.id}" returned a new user whose e-mail address belongs to another stored user; not linked (set allowDangerousEmailAccountLinking on the provider to link by address).`,
    )
  }
  const owner = byEmail ? { user: byEmail, created: false } : await existingOrCreated(ctx, id, user)
  const linked = { ...account, userId: owner.user.id } as AdapterAccount
  try {
    await adapter.linkAccount!(linked)
  } catch (error) {
    // The account's key is unique: a simultaneous first sign-in linked it first. Sign in as that user, and undo the
    // user made here (if the adapter gave it an id of its own, it is not the winner's).
    const winner = await quietly(() => adapter.getUserByAccount!(key))
    if (!winner) throw error
    if (owner.created && winner.id !== owner.user.id) await quietly(() => adapter.deleteUser?.(owner.user.id))
    return { user: winner, isNewUser: false }
  }
  if (owner.created) await ctx.config.events.createUser?.({ user: owner.user })
  await ctx.config.events.linkAccount?.({ user: owner.user, account: linked, profile: user })
  return { user: owner.user, isNewUser: owner.created }
}

/** The user with the derived id, created unless a simultaneous sign-in made it first. */
async function existingOrCreated(ctx: Context, id: string, user: User): Promise<{ user: AdapterUser; created: boolean }> {
  const adapter = ctx.config.adapter!
  const existing = await adapter.getUser!(id)
  if (existing) return { user: existing, created: false }
  const { id: _appId, ...fields } = user
  try {
    // No address is `null`, as in Auth.js: an empty string would collide in adapters with a unique email index.
    const created = await adapter.createUser!({ ...fields, id, email: user.email ?? null, emailVerified: null } as unknown as AdapterUser)
    return { user: created, created: true }
  } catch (error) {
    const winner = await quietly(() => adapter.getUser!(id))
    if (winner) return { user: winner, created: false }
    throw error
  }
}

/** An address on both sides that differs means the id is the app's own and only collides with a stored user's. */
function sameAddress(stored: string | null | undefined, returned: string | null | undefined): boolean {
  return !stored || !returned || stored.toLowerCase() === returned.toLowerCase()
}

async function quietly<T>(run: () => T | PromiseLike<T>): Promise<Awaited<T> | null> {
  try {
    return await run()
  } catch {
    return null
  }
}
