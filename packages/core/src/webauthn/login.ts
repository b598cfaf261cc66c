/**
 * Which user a WebAuthn account signs in as: Auth.js's rules for WebAuthn (`handleLoginOrRegister`), which mirror
 * OAuth's but refuse with `AccountNotLinked` and never link by e-mail address — the address of a new passkey is typed
 * by the user, not verified by anyone.
 *
 * | account known? | signed in?         | address in use? | result                                  |
 * |----------------|--------------------|-----------------|-----------------------------------------|
 * | yes            | no, or as its user | –               | that user                               |
 * | yes            | as another user    | –               | `AccountNotLinked`                      |
 * | no             | yes                | –               | link to the signed-in user              |
 * | no             | no                 | yes             | `AccountNotLinked`                      |
 * | no             | no                 | no              | create the user and link (`isNewUser`)  |
 *
 * The last two rows apply only on an app whose sign-ins are passkeys (and credentials): with an email provider a
 * signed-out registration waits for the address's e-mail link instead (`pending-passkey.ts`), and with OAuth but no
 * email provider it is refused (RT-01).
 */
import type { AdapterAccount, AdapterUser } from "../adapters.js"
import type { Context } from "../context.js"
import { AccountNotLinked } from "../errors.js"
import { randomUUID } from "../runtime/random.js"
import type { Account, User } from "../types.js"

export interface WebAuthnLogin {
  user: AdapterUser
  isNewUser: boolean
  /** The account was linked by this sign-in (undone if storing the authenticator fails). */
  linked: boolean
}

export async function webAuthnLogin(ctx: Context, profile: User, account: Account, current: AdapterUser | null): Promise<WebAuthnLogin> {
  const { events } = ctx.config
  const adapter = ctx.config.adapter!
  const byAccount = await adapter.getUserByAccount!({ provider: account.provider, providerAccountId: account.providerAccountId })
  if (byAccount) {
    if (current && current.id !== byAccount.id) throw new AccountNotLinked("The passkey belongs to another user.")
    return { user: byAccount, isNewUser: false, linked: false }
  }
  if (current) {
    const linked = { ...account, userId: current.id } as AdapterAccount
    await adapter.linkAccount!(linked)
    await events.linkAccount?.({ user: current, account: linked, profile })
    return { user: current, isNewUser: false, linked: true }
  }
  if (profile.email && (await adapter.getUserByEmail!(profile.email))) {
    throw new AccountNotLinked("Another account already uses this e-mail address; sign in to it first to add a passkey.")
  }
  const { id: _id, ...fields } = profile
  const user = await adapter.createUser!({ ...fields, id: randomUUID(), email: profile.email ?? null, emailVerified: null } as unknown as AdapterUser)
  const linked = { ...account, userId: user.id } as AdapterAccount
  try {
    await adapter.linkAccount!(linked)
  } catch (error) {
    await quietly(() => adapter.deleteUser?.(user.id))
    throw error
  }
  await events.createUser?.({ user })
  await events.linkAccount?.({ user, account: linked, profile })
  return { user, isNewUser: true, linked: true }
}

/** Undoes a registration whose authenticator could not be stored, so that no account points at nothing. */
export async function undoLogin(ctx: Context, login: WebAuthnLogin, account: Account): Promise<void> {
  const adapter = ctx.config.adapter!
  if (login.isNewUser) await quietly(() => adapter.deleteUser?.(login.user.id))
  else if (login.linked) await quietly(() => adapter.unlinkAccount?.({ provider: account.provider, providerAccountId: account.providerAccountId }))
}

async function quietly<T>(run: () => T | PromiseLike<T>): Promise<void> {
  try {
    await run()
  } catch {
    // best effort: the original error is what the caller reports
  }
}
