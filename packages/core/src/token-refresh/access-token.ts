/**
 * `getAccessToken`: the signed-in user's access token at a provider, refreshed first when it expires within the
 * margin. Never throws for a signed-out user, an unlinked provider or a failed refresh: those are `null`. Only a session
 * that `auth()` would return for the same request gets a token: the session is read first, the same way.
 *
 * With an adapter the tokens live in the account row, and a refresh goes through the store (`store-refresh.ts`): one
 * caller in all processes calls the provider. Without one they live in the session token (`session/provider-tokens.ts`): a
 * refresh re-issues the session cookie. Concurrent callers in this process share one refresh (`single-flight.ts`), and a request that still carries
 * the cookie from before a refresh (a second tab) is given that refresh's result for a short while instead of
 * spending the already rotated refresh token again.
 */
import type { RefreshableAccount } from "../adapters.js"
import type { Context } from "../context.js"
import { RefreshTokenError } from "../errors.js"
import type { Cookie } from "../http/cookie.js"
import { isSessionCookiePart } from "../http/session-store.js"
import type { OAuthConfigInternal } from "../providers/types.js"
import { sha256Hex } from "../runtime/random.js"
import { databaseSession } from "../session/database-session.js"
import { jwtSession, sessionCookies } from "../session/jwt-session.js"
import { tokensIn, withTokens, type SessionProviderTokens } from "../session/provider-tokens.js"
import type { JWT, TokenSet } from "../types.js"
import { refreshGrant } from "./grant.js"
import { refreshesThroughStore, refreshThroughStore } from "./store-refresh.js"
import { singleFlight } from "./single-flight.js"

/** What `getAccessToken` returns. `expiresAt` is in seconds since the epoch, `null` when the provider gave none. */
export interface AccessToken {
  accessToken: string
  expiresAt: number | null
  scope: string | null
  tokenType: string | null
}

export interface GetAccessTokenOptions {
  /** Refresh first when the token expires within this many seconds. Default 60. */
  minValidity?: number
}

/** The result, and the cookies to set (a re-issued session cookie after a refresh without an adapter). */
export interface AccessTokenResult {
  token: AccessToken | null
  cookies: Cookie[]
}

const DEFAULT_MIN_VALIDITY = 60

/** How long a refresh's result answers requests that still carry the refresh token it spent (the second tab). */
const RECENT_MS = 60_000
const MAX_RECENT = 1_000
const recent = new Map<string, { until: number; outcome: Outcome }>()

type Outcome = { tokens: TokenSet } | { error: RefreshTokenError }

/**
 * The access token of the request's user at `providerId` (see the file's comment). The session is read first, exactly
 * as `auth()` reads it: a session that is revoked, past `absoluteMaxAge`, signed out or ended by the `jwt` callback
 * gets no token, and no refresh is sent for it (RT-11).
 */
export async function accessTokenFor(ctx: Context, providerId: string, options: GetAccessTokenOptions = {}): Promise<AccessTokenResult> {
  const provider = ctx.config.providersById.get(providerId)
  if (!provider || (provider.type !== "oauth" && provider.type !== "oidc")) return { token: null, cookies: [] }
  const oauth = provider as OAuthConfigInternal
  if (ctx.config.session.strategy === "database") {
    const read = await databaseSession(ctx)
    return { token: read.session && read.userId ? await fromStore(ctx, oauth, read.userId, options) : null, cookies: read.cookies }
  }
  const read = await jwtSession(ctx)
  if (!read.session || !read.token || !read.expires) return { token: null, cookies: read.cookies }
  const userId = read.token.sub
  if (ctx.config.adapter) return { token: typeof userId === "string" ? await fromStore(ctx, oauth, userId, options) : null, cookies: read.cookies }
  const refreshed = await fromSessionToken(ctx, oauth, { token: read.token, expires: read.expires }, options)
  if (!refreshed.cookies.length) return { token: refreshed.token, cookies: read.cookies }
  // The refresh re-issued the session cookie: it replaces any re-issue of the read (the next-auth v4 clean-up stays).
  const { name } = ctx.cookies.sessionToken
  return { token: refreshed.token, cookies: [...read.cookies.filter((c) => !isSessionCookiePart(c.name, name)), ...refreshed.cookies] }
}

/** The token kept in the session token, refreshed when due; a refresh re-issues the session cookie. */
async function fromSessionToken(ctx: Context, provider: OAuthConfigInternal, held: { token: JWT; expires: Date }, options: GetAccessTokenOptions): Promise<AccessTokenResult> {
  const none: AccessTokenResult = { token: null, cookies: [] }
  const { token: payload, expires } = held
  const entry = tokensIn(payload, provider.id)
  if (!entry || entry.failed) return none

  const now = Math.floor(ctx.config.now() / 1000)
  const margin = effectiveMargin(options, entry.expires_at, entry.obtained_at)
  const stillValid = entry.expires_at === undefined || entry.expires_at > now
  if (entry.expires_at === undefined || entry.expires_at - margin > now) return { token: publicToken(entry), cookies: [] }
  if (!entry.refresh_token) return stillValid ? { token: publicToken(entry), cookies: [] } : none

  const outcome = await refreshOnce(provider, entry, ctx.config.now)
  if ("error" in outcome) {
    ctx.config.logger.warn("token-refresh-failed", `${outcome.error.type}: ${outcome.error.message}`)
    await ctx.config.events.tokenRefreshFailed?.({ provider: provider.id, permanent: outcome.error.permanent, userId: payload.sub ?? null })
    if (!outcome.error.permanent) return stillValid ? { token: publicToken(entry), cookies: [] } : none
    const failed: SessionProviderTokens = { ...entry, failed: true }
    return { token: null, cookies: await sessionCookies(ctx, withTokens(payload, provider.id, failed), expires) }
  }
  const refreshed = refreshedEntry(entry, outcome.tokens, Math.floor(ctx.config.now() / 1000))
  // The same expiry: a refresh does not lengthen the session.
  return { token: publicToken(refreshed), cookies: await sessionCookies(ctx, withTokens(payload, provider.id, refreshed), expires) }
}

/** The token from the account row of the signed-in user, refreshed through the store when due. */
async function fromStore(ctx: Context, provider: OAuthConfigInternal, userId: string, options: GetAccessTokenOptions): Promise<AccessToken | null> {
  const { adapter } = ctx.config
  if (!refreshesThroughStore(adapter)) {
    ctx.config.logger.debug("get-access-token-unsupported", { reason: "the adapter has no getAccountForRefresh/claimTokenRefresh/finishTokenRefresh" })
    return null
  }
  const account = await adapter.getAccountForRefresh(userId, provider.id)
  if (!account || typeof account.access_token !== "string" || account.refreshFailed) return null

  const now = Math.floor(ctx.config.now() / 1000)
  const margin = Math.max(0, options.minValidity ?? DEFAULT_MIN_VALIDITY)
  const expiresAt = typeof account.expires_at === "number" ? account.expires_at : undefined
  const stillValid = expiresAt === undefined || expiresAt > now
  const current = accountToken(account)
  if (expiresAt === undefined || expiresAt - margin > now) return current
  if (typeof account.refresh_token !== "string" || !account.refresh_token) return stillValid ? current : null

  const outcome = await singleFlight(`store:${provider.id}:${account.providerAccountId}:${await sha256Hex(account.refresh_token)}`, () =>
    refreshThroughStore(adapter, provider, account, ctx.config.now),
  )
  if ("error" in outcome) {
    ctx.config.logger.warn("token-refresh-failed", `${outcome.error.type}: ${outcome.error.message}`)
    await ctx.config.events.tokenRefreshFailed?.({ provider: provider.id, permanent: outcome.error.permanent, userId })
    return !outcome.error.permanent && stillValid ? current : null
  }
  return accountToken(outcome.account)
}

function accountToken(account: RefreshableAccount): AccessToken | null {
  if (typeof account.access_token !== "string") return null
  return {
    accessToken: account.access_token,
    expiresAt: typeof account.expires_at === "number" ? account.expires_at : null,
    scope: typeof account.scope === "string" ? account.scope : null,
    tokenType: typeof account.token_type === "string" ? account.token_type : null,
  }
}

/** One refresh per refresh token in this process, and its result kept a minute for requests that still carry it. */
async function refreshOnce(provider: OAuthConfigInternal, entry: SessionProviderTokens, clock: () => number): Promise<Outcome> {
  const key = `${provider.id}:${await sha256Hex(entry.refresh_token!)}`
  const known = recent.get(key)
  if (known && known.until > clock()) return known.outcome
  return singleFlight(key, async (): Promise<Outcome> => {
    let outcome: Outcome
    try {
      outcome = { tokens: await refreshGrant(provider, { refresh_token: entry.refresh_token!, providerAccountId: entry.providerAccountId, subject: entry.subject }) }
    } catch (error) {
      if (!(error instanceof RefreshTokenError)) throw error
      outcome = { error }
    }
    // A transient failure is not remembered: the next call tries again (TR-04).
    if ("tokens" in outcome || outcome.error.permanent) remember(key, outcome, clock())
    return outcome
  })
}

function remember(key: string, outcome: Outcome, now: number): void {
  for (const [old, value] of recent) {
    if (recent.size < MAX_RECENT && value.until > now) break
    recent.delete(old)
  }
  recent.set(key, { until: now + RECENT_MS, outcome })
}

/** The entry after a refresh; `obtainedAt` in seconds since the epoch. */
function refreshedEntry(entry: SessionProviderTokens, tokens: TokenSet, obtainedAt: number): SessionProviderTokens {
  const next: SessionProviderTokens = {
    access_token: String(tokens.access_token),
    refresh_token: typeof tokens.refresh_token === "string" ? tokens.refresh_token : entry.refresh_token,
    providerAccountId: entry.providerAccountId,
    obtained_at: obtainedAt,
  }
  if (entry.subject !== undefined) next.subject = entry.subject
  if (typeof tokens.expires_at === "number") next.expires_at = tokens.expires_at
  const scope = typeof tokens.scope === "string" ? tokens.scope : entry.scope
  if (scope !== undefined) next.scope = scope
  const tokenType = typeof tokens.token_type === "string" ? tokens.token_type : entry.token_type
  if (tokenType !== undefined) next.token_type = tokenType
  return next
}

/**
 * The refresh margin: the caller's `minValidity`; by default 60 s, but never more than half a token's known lifetime
 * (a provider whose tokens live 30 s would otherwise be asked again at every call).
 */
function effectiveMargin(options: GetAccessTokenOptions, expiresAt: number | undefined, obtainedAt: number | undefined): number {
  if (options.minValidity !== undefined) return Math.max(0, options.minValidity)
  if (expiresAt === undefined || obtainedAt === undefined || expiresAt <= obtainedAt) return DEFAULT_MIN_VALIDITY
  return Math.min(DEFAULT_MIN_VALIDITY, Math.floor((expiresAt - obtainedAt) / 2))
}

function publicToken(entry: SessionProviderTokens): AccessToken {
  return { accessToken: entry.access_token, expiresAt: entry.expires_at ?? null, scope: entry.scope ?? null, tokenType: entry.token_type ?? null }
}
