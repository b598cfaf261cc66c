/**
 * A refresh through the adapter, for every process at once: the one caller that wins the account's refresh lease
 * (conditional on the refresh token it read) calls the provider and stores the rotated tokens as a compare-and-swap
 * on the old refresh token, before anyone is handed the new access token; every other caller, in any process, waits
 * for that result and reads it from the store.
 */
import type { AccountKey, Adapter, RefreshableAccount } from "../adapters.js"
import { RefreshTokenError } from "../errors.js"
import { PROVIDER_TIMEOUT_MS } from "../oauth/http.js"
import type { OAuthConfigInternal } from "../providers/types.js"
import { refreshGrant } from "./grant.js"
import { subjectOf } from "../session/provider-tokens.js"

/** How long a claimed refresh may take: the provider time-out, and some room to store the result. */
const LEASE_MS = PROVIDER_TIMEOUT_MS + 5_000
/** How often a caller that lost the lease looks for the winner's result. */
const POLL_MS = 50

type StoreAdapter = Required<Pick<Adapter, "getAccountForRefresh" | "claimTokenRefresh" | "finishTokenRefresh">>

/** The account after the refresh (its new tokens), or the refresh's failure. */
export type StoreOutcome = { account: RefreshableAccount } | { error: RefreshTokenError }

/** True when the adapter has the methods a refresh through the store needs (ours do; Auth.js adapters do not). */
export function refreshesThroughStore(adapter: Adapter | undefined): adapter is Adapter & StoreAdapter {
  return Boolean(adapter?.getAccountForRefresh && adapter.claimTokenRefresh && adapter.finishTokenRefresh)
}

/**
 * Refreshes `account` (read with `refresh_token` R) once across every process sharing the store. Resolves to the
 * account as stored afterwards — refreshed by this caller or by another — or to the error of a failed refresh. A
 * transient failure releases the lease at once (the next call retries); a permanent one marks the account failed, so
 * no caller asks the provider again until the user signs in anew. `clock` is the configuration's (`ResolvedConfig.now`).
 */
export async function refreshThroughStore(adapter: StoreAdapter, provider: OAuthConfigInternal, account: RefreshableAccount, clock: () => number): Promise<StoreOutcome> {
  const key: AccountKey = { provider: account.provider, providerAccountId: account.providerAccountId }
  const refreshToken = account.refresh_token!
  const deadline = clock() + LEASE_MS
  for (;;) {
    if (await adapter.claimTokenRefresh(key, refreshToken, LEASE_MS)) return callProvider(adapter, provider, account, key, refreshToken, clock)
    const current = await adapter.getAccountForRefresh(account.userId, account.provider)
    if (!current) return { error: new RefreshTokenError(`The "${provider.id}" account was unlinked during the refresh.`, true) }
    if (current.refresh_token !== refreshToken) return { account: current }
    if (current.refreshFailed) return { error: new RefreshTokenError(`"${provider.id}" refused the refresh token earlier.`, true) }
    if (clock() >= deadline) return { error: new RefreshTokenError(`The refresh of "${provider.id}" by another process did not finish in time.`, false) }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

async function callProvider(
  adapter: StoreAdapter,
  provider: OAuthConfigInternal,
  account: RefreshableAccount,
  key: AccountKey,
  refreshToken: string,
  clock: () => number,
): Promise<StoreOutcome> {
  let tokens
  try {
    tokens = await refreshGrant(provider, {
      refresh_token: refreshToken,
      providerAccountId: account.providerAccountId,
      subject: subjectOf(account.id_token, account.providerAccountId),
    })
  } catch (error) {
    const failure = error instanceof RefreshTokenError ? error : new RefreshTokenError(`The refresh of "${provider.id}" failed.`, false, { cause: { err: error as Error } })
    await adapter.finishTokenRefresh(key, refreshToken, { failed: { permanent: failure.permanent, retryAt: new Date(clock()) } })
    return { error: failure }
  }
  const written = {
    access_token: tokens.access_token ?? null,
    refresh_token: tokens.refresh_token ?? refreshToken,
    expires_at: typeof tokens.expires_at === "number" ? tokens.expires_at : null,
    token_type: typeof tokens.token_type === "string" ? tokens.token_type : (account.token_type ?? null),
    scope: typeof tokens.scope === "string" ? tokens.scope : (account.scope ?? null),
    ...(typeof tokens.id_token === "string" ? { id_token: tokens.id_token } : {}),
  }
  // Stored before anyone is handed the access token: the rotated refresh token is never only in memory.
  if (!(await adapter.finishTokenRefresh(key, refreshToken, { tokens: written }))) {
    // The row moved under the lease (a new sign-in replaced the tokens): what is stored now wins.
    const current = await adapter.getAccountForRefresh(account.userId, account.provider)
    return current ? { account: current } : { error: new RefreshTokenError(`The "${provider.id}" account was unlinked during the refresh.`, true) }
  }
  return { account: { ...account, ...written, refreshLeaseUntil: null, refreshFailed: false } as RefreshableAccount }
}
