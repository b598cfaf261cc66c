/**
 * Gatehouse's provider token refresh (core's optional adapter methods, security catalog §6 group K): a refresh is
 * claimed as a lease on the account's current refresh token, and ended either by new tokens, stored as a
 * compare-and-swap on the old refresh token, or by a failure that holds the lease until `retryAt` (back-off) and,
 * when permanent, marks the account failed. `tokenRefreshTests` runs in the suite (skipped for an adapter without the
 * methods, such as an Auth.js one); `tokenRefreshProcessContract` is TR-01, two processes racing for one account,
 * registered by each adapter's own test file with a child module, as RL-04 is for the rate-limit stores.
 */
import type { Adapter, AdapterAccount } from "@gatehousejs/core"
import { tokenRefreshAdapterMethods, type AccountKey, type AccountTokens, type RefreshableAccount } from "@gatehousejs/core/adapters"
import { expect } from "vitest"
import { expectModel, isNothing } from "../compare.js"
import { newAccount, newUser, type CompleteAdapter, type SuiteContext } from "../context.js"
import { accountKey, randomUUID } from "../fixtures.js"

/** A lease long enough never to end during a test. */
export const LONG_LEASE_MS = 60_000
/** A lease (or back-off) a test waits out. */
const SHORT_MS = 300
/** How far past a short lease or back-off a test sleeps before claiming again. */
const MARGIN_MS = 200
/** How far apart the store's clock (PostgreSQL's `now()`, Redis's `TIME`) and the test's may be. */
const CLOCK_SKEW_MS = 1_000

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
export const inSeconds = (seconds: number): number => Math.floor(Date.now() / 1000) + seconds

/** The account without its refresh state, to compare with what `linkAccount` stored. */
function withoutRefreshState(account: RefreshableAccount): AdapterAccount {
  const { refreshLeaseUntil: _lease, refreshFailed: _failed, ...rest } = account
  return rest
}

/** A fresh user with one linked account, its key and the refresh token a claim must name. */
async function linkedAccount(adapter: CompleteAdapter): Promise<{ userId: string; account: AdapterAccount; key: AccountKey; refreshToken: string }> {
  const user = await newUser(adapter)
  const account = await newAccount(adapter, user.id)
  return { userId: user.id, account, key: accountKey(account), refreshToken: account.refresh_token! }
}

export function tokenRefreshTests({ adapter, db, test }: SuiteContext): void {
  /** The account's refresh state as the adapter reports it; fails the test when the account is not found. */
  async function refreshState(userId: string, provider: string): Promise<{ lease: Date | null; failed: boolean }> {
    const found = await adapter().getAccountForRefresh(userId, provider)
    expect(found, "getAccountForRefresh() of a linked account").not.toBeNull()
    const lease = found?.refreshLeaseUntil
    expect(lease === null || lease instanceof Date, `refreshLeaseUntil must be a Date or null, got ${String(lease)}`).toBe(true)
    expect(typeof found?.refreshFailed, "refreshFailed").toBe("boolean")
    return { lease: lease ?? null, failed: found?.refreshFailed === true }
  }

  test("getAccountForRefresh returns the user's account at the provider as getAccount maps it, with no lease and no failure mark", async () => {
    const { userId, account } = await linkedAccount(adapter())
    const found = await adapter().getAccountForRefresh(userId, account.provider)
    expect(found?.refreshLeaseUntil, "refreshLeaseUntil of a new account").toBeNull()
    expect(found?.refreshFailed, "refreshFailed of a new account").toBe(false)
    expectModel(withoutRefreshState(found!), account, "getAccountForRefresh() result")
    const viaGetAccount = await adapter().getAccount(account.providerAccountId, account.provider)
    expectModel(withoutRefreshState(found!), viaGetAccount!, "getAccountForRefresh() compared with getAccount()")
  })

  test("getAccountForRefresh is null for an unknown user, for a provider the user has no account at, and for another user's account", async () => {
    const { userId, account } = await linkedAccount(adapter())
    const other = await newUser(adapter())
    expect(await adapter().getAccountForRefresh(randomUUID(), account.provider), "unknown user").toBeNull()
    expect(await adapter().getAccountForRefresh(userId, "gitlab"), "a provider the user has no account at").toBeNull()
    expect(await adapter().getAccountForRefresh(other.id, account.provider), "another user's provider").toBeNull()
  })

  test("getAccountForRefresh picks the same one of two accounts at one provider every time", async () => {
    const user = await newUser(adapter())
    const [first, second] = [await newAccount(adapter(), user.id), await newAccount(adapter(), user.id)]
    const picked = await Promise.all([1, 2, 3].map(() => adapter().getAccountForRefresh(user.id, "github")))
    const ids = picked.map((found) => found?.providerAccountId)
    expect([first.providerAccountId, second.providerAccountId], "the account picked").toContain(ids[0])
    expect(new Set(ids).size, "accounts picked by three calls").toBe(1)
  })

  test("claimTokenRefresh is true once, false while the lease lives, and true again once it has ended", async () => {
    const { key, refreshToken } = await linkedAccount(adapter())
    expect(await adapter().claimTokenRefresh(key, refreshToken, SHORT_MS), "first claim").toBe(true)
    expect(await adapter().claimTokenRefresh(key, refreshToken, SHORT_MS), "claim while the lease lives").toBe(false)
    await sleep(SHORT_MS + MARGIN_MS)
    expect(await adapter().claimTokenRefresh(key, refreshToken, SHORT_MS), "claim after the lease ended").toBe(true)
  })

  test("claimTokenRefresh records a lease until now + leaseMs, read back as a Date", async () => {
    const { userId, account, key, refreshToken } = await linkedAccount(adapter())
    const before = Date.now()
    expect(await adapter().claimTokenRefresh(key, refreshToken, LONG_LEASE_MS)).toBe(true)
    const after = Date.now()
    const { lease, failed } = await refreshState(userId, account.provider)
    expect(lease, "refreshLeaseUntil after a claim").toBeInstanceOf(Date)
    expect(lease!.getTime(), "refreshLeaseUntil").toBeGreaterThanOrEqual(before + LONG_LEASE_MS - CLOCK_SKEW_MS)
    expect(lease!.getTime(), "refreshLeaseUntil").toBeLessThanOrEqual(after + LONG_LEASE_MS + CLOCK_SKEW_MS)
    expect(failed, "refreshFailed after a claim").toBe(false)
  })

  test("claimTokenRefresh with a stale refresh token, or for an unknown account, is false and records no lease", async () => {
    const { userId, account, key, refreshToken } = await linkedAccount(adapter())
    expect(await adapter().claimTokenRefresh(key, `${refreshToken}-stale`, LONG_LEASE_MS), "stale refresh token").toBe(false)
    expect(await adapter().claimTokenRefresh({ ...key, providerAccountId: randomUUID() }, refreshToken, LONG_LEASE_MS), "unknown account").toBe(false)
    expect((await refreshState(userId, account.provider)).lease, "refreshLeaseUntil").toBeNull()
    expect(await adapter().claimTokenRefresh(key, refreshToken, LONG_LEASE_MS), "a claim with the current refresh token").toBe(true)
  })

  test("finishTokenRefresh with tokens writes each field given, keeps the absent ones, clears the null ones and ends the lease; the new refresh token can be claimed", async () => {
    const { userId, account, key, refreshToken } = await linkedAccount(adapter())
    expect(await adapter().claimTokenRefresh(key, refreshToken, LONG_LEASE_MS)).toBe(true)
    const tokens = { access_token: randomUUID(), refresh_token: randomUUID(), expires_at: inSeconds(3600), scope: "user repo", id_token: null }
    expect(await adapter().finishTokenRefresh(key, refreshToken, { tokens }), "finishTokenRefresh()").toBe(true)

    const stored = await db.account(key)
    expect(stored?.access_token, "stored access_token").toBe(tokens.access_token)
    expect(stored?.refresh_token, "stored refresh_token").toBe(tokens.refresh_token)
    expect(stored?.expires_at, "stored expires_at (a number of seconds)").toBe(tokens.expires_at)
    expect(stored?.scope, "stored scope").toBe(tokens.scope)
    expect(isNothing(stored?.id_token), `stored id_token (null clears it), got ${String(stored?.id_token)}`).toBe(true)
    expect(stored?.token_type, "stored token_type (absent: kept)").toBe(account.token_type)
    expect(stored?.session_state, "stored session_state (not a refreshed token)").toBe(account.session_state)
    expect(await refreshState(userId, account.provider), "refresh state after new tokens").toEqual({ lease: null, failed: false })

    expect(await adapter().claimTokenRefresh(key, refreshToken, LONG_LEASE_MS), "a claim with the old refresh token").toBe(false)
    expect(await adapter().claimTokenRefresh(key, tokens.refresh_token, LONG_LEASE_MS), "a claim with the new refresh token").toBe(true)
  })

  test("finishTokenRefresh with a stale refresh token, or for an unknown account, is false and writes nothing", async () => {
    const { userId, account, key, refreshToken } = await linkedAccount(adapter())
    expect(await adapter().claimTokenRefresh(key, refreshToken, LONG_LEASE_MS)).toBe(true)
    const storedBefore = await db.account(key)
    const stateBefore = await refreshState(userId, account.provider)

    const tokens: AccountTokens = { access_token: randomUUID(), refresh_token: randomUUID(), expires_at: inSeconds(3600) }
    const failed = { permanent: true, retryAt: new Date(Date.now() + LONG_LEASE_MS * 10) }
    expect(await adapter().finishTokenRefresh(key, `${refreshToken}-stale`, { tokens }), "tokens, stale refresh token").toBe(false)
    expect(await adapter().finishTokenRefresh(key, `${refreshToken}-stale`, { failed }), "failure, stale refresh token").toBe(false)
    const unknown = { ...key, providerAccountId: randomUUID() }
    expect(await adapter().finishTokenRefresh(unknown, refreshToken, { tokens }), "tokens, unknown account").toBe(false)

    expect(await db.account(key), "stored account").toEqual(storedBefore)
    expect(await refreshState(userId, account.provider), "refresh state").toEqual(stateBefore)
  })

  test("a transient failure keeps the tokens and holds the lease until retryAt: claims are refused until then and allowed after", async () => {
    const { userId, account, key, refreshToken } = await linkedAccount(adapter())
    expect(await adapter().claimTokenRefresh(key, refreshToken, LONG_LEASE_MS)).toBe(true)
    const storedBefore = await db.account(key)
    const retryAt = new Date(Date.now() + SHORT_MS)
    expect(await adapter().finishTokenRefresh(key, refreshToken, { failed: { permanent: false, retryAt } })).toBe(true)

    const { lease, failed } = await refreshState(userId, account.provider)
    expect(lease?.getTime(), "refreshLeaseUntil is retryAt, to the millisecond").toBe(retryAt.getTime())
    expect(failed, "refreshFailed after a transient failure").toBe(false)
    expect(await db.account(key), "stored account (tokens kept)").toEqual(storedBefore)
    expect(await adapter().claimTokenRefresh(key, refreshToken, SHORT_MS), "claim before retryAt").toBe(false)
    await sleep(retryAt.getTime() - Date.now() + MARGIN_MS)
    expect(await adapter().claimTokenRefresh(key, refreshToken, SHORT_MS), "claim after retryAt").toBe(true)
  })

  test("a permanent failure marks the account failed: claims are refused even after retryAt, and a later transient failure keeps the mark", async () => {
    const { userId, account, key, refreshToken } = await linkedAccount(adapter())
    expect(await adapter().claimTokenRefresh(key, refreshToken, LONG_LEASE_MS)).toBe(true)
    const retryAt = new Date(Date.now() + SHORT_MS)
    expect(await adapter().finishTokenRefresh(key, refreshToken, { failed: { permanent: true, retryAt } })).toBe(true)
    expect((await refreshState(userId, account.provider)).failed, "refreshFailed after a permanent failure").toBe(true)
    expect(await adapter().claimTokenRefresh(key, refreshToken, SHORT_MS), "claim before retryAt").toBe(false)
    await sleep(retryAt.getTime() - Date.now() + MARGIN_MS)
    expect(await adapter().claimTokenRefresh(key, refreshToken, SHORT_MS), "claim after retryAt").toBe(false)

    const past = new Date(Date.now() - 1_000)
    expect(await adapter().finishTokenRefresh(key, refreshToken, { failed: { permanent: false, retryAt: past } })).toBe(true)
    expect(await refreshState(userId, account.provider), "refresh state").toEqual({ lease: past, failed: true })
    expect(await adapter().claimTokenRefresh(key, refreshToken, SHORT_MS), "claim of a failed account").toBe(false)
  })

  test("updateAccountTokens writes the tokens given whatever the refresh token, and clears the lease and the failure mark", async () => {
    const { userId, account, key, refreshToken } = await linkedAccount(adapter())
    expect(await adapter().claimTokenRefresh(key, refreshToken, LONG_LEASE_MS)).toBe(true)
    const failed = { permanent: true, retryAt: new Date(Date.now() + LONG_LEASE_MS) }
    expect(await adapter().finishTokenRefresh(key, refreshToken, { failed })).toBe(true)

    const tokens = { access_token: randomUUID(), refresh_token: randomUUID(), expires_at: inSeconds(600), token_type: null }
    await adapter().updateAccountTokens(key, tokens)
    const stored = await db.account(key)
    expect(stored?.access_token, "stored access_token").toBe(tokens.access_token)
    expect(stored?.refresh_token, "stored refresh_token").toBe(tokens.refresh_token)
    expect(stored?.expires_at, "stored expires_at").toBe(tokens.expires_at)
    expect(isNothing(stored?.token_type), `stored token_type (null clears it), got ${String(stored?.token_type)}`).toBe(true)
    expect(stored?.scope, "stored scope (absent: kept)").toBe(account.scope)
    expect(stored?.id_token, "stored id_token (absent: kept)").toBe(account.id_token)
    expect(await refreshState(userId, account.provider), "refresh state after new tokens").toEqual({ lease: null, failed: false })
    expect(await adapter().claimTokenRefresh(key, tokens.refresh_token, LONG_LEASE_MS), "a claim with the new refresh token").toBe(true)
  })

  test("25 concurrent claimTokenRefresh calls for one account: exactly one is true", async () => {
    const { key, refreshToken } = await linkedAccount(adapter())
    const claims = await Promise.all(Array.from({ length: 25 }, () => adapter().claimTokenRefresh(key, refreshToken, LONG_LEASE_MS)))
    expect(claims.filter(Boolean), "claims that won").toHaveLength(1)
  })

  test("10 concurrent finishTokenRefresh calls on one old refresh token, each rotating to its own: exactly one writes, and its tokens are stored", async () => {
    const { key, refreshToken } = await linkedAccount(adapter())
    const rotations = Array.from({ length: 10 }, () => ({ access_token: randomUUID(), refresh_token: randomUUID() }))
    const written = await Promise.all(rotations.map((tokens) => adapter().finishTokenRefresh(key, refreshToken, { tokens })))
    expect(written.filter(Boolean), "finishes that wrote").toHaveLength(1)
    const winner = rotations[written.indexOf(true)]!
    const stored = await db.account(key)
    expect([stored?.access_token, stored?.refresh_token], "stored tokens").toEqual([winner.access_token, winner.refresh_token])
  })
}

/** True when `adapter` has any of the token-refresh methods (they are optional, and go together). */
export function hasTokenRefresh(adapter: Adapter): boolean {
  return tokenRefreshAdapterMethods.some((method) => typeof adapter[method] === "function")
}
