/**
 * Which user a provider account signs in as (Auth.js `handleLoginOrRegister`, with its `createUser`-event defect
 * fixed — docs/design.md#account-linking-and-provider-hooks):
 *
 * | account known? | signed in?        | same email exists? | result                                               |
 * |----------------|-------------------|--------------------|------------------------------------------------------|
 * | yes            | no, or as its user| –                  | that user                                            |
 * | yes            | as another user   | –                  | `OAuthAccountNotLinked`                              |
 * | no             | yes               | –                  | link to the signed-in user                           |
 * | no             | no                | yes                | `OAuthAccountNotLinked`, or link when the provider allows dangerous email linking |
 * | no             | no                | no                 | create the user and link (`isNewUser`)               |
 *
 * Without an adapter nothing is stored and the user id is a stable value derived from the provider and the account
 * id (docs/design.md#stable-user-id-without-an-adapter), so the session `sub` stays the same across sign-ins.
 */
import type { AccountTokens, AdapterAccount, AdapterUser, SessionMetadata } from "../adapters.js"
import type { Context } from "../context.js"
import { OAuthAccountNotLinked } from "../errors.js"
import { isPasswordProvider } from "../passwords/is-password.js"
import { readSessionCookie } from "../http/session-store.js"
import { randomUUID, sha256Hex } from "../runtime/random.js"
import { decodeSessionToken } from "../session/token.js"
import { checkJwtSession } from "../session-registry/jwt-gate.js"
import type { Account, Profile, TokenSet, User } from "../types.js"

export interface LoginResult {
  user: User | AdapterUser
  isNewUser: boolean
}

/** A UUID-shaped id derived from provider and account id: the same account always gets the same `sub`. */
export async function stableUserId(provider: string, providerAccountId: string): Promise<string> {
  const hex = await sha256Hex(`gatehouse:${provider}:${providerAccountId}`)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

export async function handleLogin(
  ctx: Context,
  profileUser: User,
  account: Account,
  options: { profile?: Profile; allowDangerousEmailAccountLinking?: boolean; accountFields?: (tokens: TokenSet) => TokenSet | undefined | void },
): Promise<LoginResult> {
  const { adapter, events } = ctx.config
  if (!adapter) return { user: { ...profileUser, id: await stableUserId(account.provider, account.providerAccountId) }, isNewUser: false }

  const stored = storedAccount(account, options.accountFields)
  const current = await signedInUser(ctx)
  const byAccount = await adapter.getUserByAccount!({ provider: account.provider, providerAccountId: account.providerAccountId })
  if (byAccount) {
    if (current && current.id !== byAccount.id) {
      throw new OAuthAccountNotLinked("The account is already linked to another user.")
    }
    // Auth.js keeps the first sign-in's tokens forever; a new sign-in's tokens replace them (and end a failed refresh).
    if (account.type === "oauth" || account.type === "oidc") {
      await adapter.updateAccountTokens?.({ provider: account.provider, providerAccountId: account.providerAccountId }, accountTokens(stored))
    }
    return { user: byAccount, isNewUser: false }
  }

  const link = async (user: AdapterUser): Promise<void> => {
    const linked = { ...stored, userId: user.id } as AdapterAccount
    await adapter.linkAccount!(linked)
    await events.linkAccount?.({ user, account: linked, profile: profileUser })
  }
  const key = { provider: account.provider, providerAccountId: account.providerAccountId }
  if (current) {
    await link(current)
    return { user: current, isNewUser: false }
  }
  const byEmail = profileUser.email ? await adapter.getUserByEmail!(profileUser.email) : null
  if (byEmail) {
    if (!options.allowDangerousEmailAccountLinking) {
      throw new OAuthAccountNotLinked("Another account already uses this email address.")
    }
    // Linked by its address: a password set at an unverified sign-up of that address is not the owner's (RT-01).
    if (!byEmail.emailVerified && ctx.config.providers.some(isPasswordProvider)) await (await import("../passwords/pending.js")).dropPendingPassword(ctx, byEmail)
    await link(byEmail)
    return { user: byEmail, isNewUser: false }
  }
  const { id: _providerId, ...fields } = profileUser
  // No address is `null`, as in Auth.js: an empty string would collide in adapters with a unique email index.
  const created = await adapter.createUser!({ ...fields, id: randomUUID(), email: profileUser.email ?? null, emailVerified: null } as unknown as AdapterUser)
  const linked = { ...stored, userId: created.id } as AdapterAccount
  try {
    await adapter.linkAccount!(linked)
  } catch (error) {
    // Security catalog §5.1/§5.2 (DB-03, DB-05): a simultaneous first sign-in may have linked the account first —
    // then sign in as that user; otherwise undo the user so that no orphan blocks the next attempt.
    const winner = await quietly(() => adapter.getUserByAccount!(key))
    await quietly(() => adapter.deleteUser?.(created.id))
    if (winner) return { user: winner, isNewUser: false }
    throw error
  }
  await events.createUser?.({ user: created })
  await events.linkAccount?.({ user: created, account: linked, profile: profileUser })
  return { user: created, isNewUser: true }
}

async function quietly<T>(run: () => T | PromiseLike<T>): Promise<Awaited<T> | null> {
  try {
    return await run()
  } catch {
    return null
  }
}

/** The account as stored: the provider's `account()` subset of the tokens, plus the identifying fields. */
/** The token fields of a stored account, for `updateAccountTokens`. */
function accountTokens(stored: Account): AccountTokens {
  const tokens: AccountTokens = {}
  for (const field of ["access_token", "refresh_token", "expires_at", "token_type", "scope", "id_token"] as const) {
    if (stored[field] !== undefined) (tokens as Record<string, unknown>)[field] = stored[field]
  }
  return tokens
}

function storedAccount(account: Account, pick: ((tokens: TokenSet) => TokenSet | undefined | void) | undefined): Account {
  const { provider, type, providerAccountId, userId: _userId, ...tokens } = account
  const subset = (pick ? pick(tokens as TokenSet) : undefined) ?? tokens
  return { ...subset, provider, type, providerAccountId }
}

/**
 * The user of the session this browser already has, if any (linking a second account, or a passkey, while signed in).
 * Only a live session counts: one that is expired, revoked or past `session.absoluteMaxAge` links nothing (RT-11).
 */
export async function signedInUser(ctx: Context): Promise<AdapterUser | null> {
  const { config, req } = ctx
  const name = ctx.cookies.sessionToken.name
  const sent = readSessionCookie(req.cookies, name)
  if (!sent) return null
  if (config.session.strategy === "database") {
    const found = await config.adapter!.getSessionAndUser!(sent)
    if (!found) return null
    const createdAt = (found.session as Partial<SessionMetadata>).createdAt
    const end = config.session.absoluteMaxAge && createdAt ? createdAt.valueOf() + config.session.absoluteMaxAge * 1000 : Infinity
    return Math.min(found.session.expires.valueOf(), end) > config.now() ? found.user : null
  }
  const token = await decodeSessionToken(config, name, sent)
  if (!token?.sub) return null
  if ((config.sessionRegistry || config.session.absoluteMaxAge) && !(await checkJwtSession(ctx, token)).live) return null
  return (await config.adapter!.getUser!(token.sub)) ?? null
}
