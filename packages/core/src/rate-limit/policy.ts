/** Budgets as lists of fixed windows: consuming and clearing them, and the default budget of each endpoint. */
import type { RateLimitStore, StoreCount } from "./store.js"

/** At most `limit` units (attempts, mails) per fixed window of `windowMs` milliseconds. */
export interface RateLimitWindow {
  readonly limit: number
  readonly windowMs: number
}

/** What `consume` decided. `retryAfter` is 0 when allowed, whole seconds (at least 1) when refused. */
export interface RateLimitDecision {
  allowed: boolean
  retryAfter: number
}

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * Credentials sign-in, per submitted identifier: the first refusal after 5 quick failures, growing back-off, and
 * never more than 100 a day (NIST SP 800-63B §5.2.2: at most 100 consecutive failures; ASVS 5.0 §6.3).
 */
export const CREDENTIALS_PER_IDENTIFIER: readonly RateLimitWindow[] = budget(
  { limit: 5, windowMs: MINUTE },
  { limit: 20, windowMs: HOUR },
  { limit: 100, windowMs: DAY },
)

/** Credentials sign-in, per client: room for a shared office address, not for spraying passwords over many accounts. */
export const CREDENTIALS_PER_CLIENT: readonly RateLimitWindow[] = budget(
  { limit: 20, windowMs: MINUTE },
  { limit: 200, windowMs: HOUR },
)

/** E-mail sign-in, per address: at most 3 live links per 10-minute link lifetime, 5 mails an hour, however many clients ask. */
export const EMAIL_PER_ADDRESS: readonly RateLimitWindow[] = budget(
  { limit: 3, windowMs: 10 * MINUTE },
  { limit: 5, windowMs: HOUR },
  { limit: 10, windowMs: DAY },
)

/** E-mail sign-in, per client: one client cannot turn the sender into a mail cannon against many addresses. */
export const EMAIL_PER_CLIENT: readonly RateLimitWindow[] = budget(
  { limit: 10, windowMs: MINUTE },
  { limit: 50, windowMs: HOUR },
)

/** WebAuthn options and callbacks, per client: each costs a challenge and a signature check; a ceremony takes two. */
export const WEBAUTHN_PER_CLIENT: readonly RateLimitWindow[] = budget(
  { limit: 30, windowMs: MINUTE },
  { limit: 300, windowMs: HOUR },
)

/** OAuth sign-in start, per client: each sets check cookies and may fetch discovery; people retry, scripts loop. */
export const OAUTH_SIGNIN_PER_CLIENT: readonly RateLimitWindow[] = budget(
  { limit: 30, windowMs: MINUTE },
  { limit: 300, windowMs: HOUR },
)

/**
 * Sign-up (`POST {basePath}/signup/<id>`), per address: each sends a mail to the address (a verification, or "someone
 * tried to sign up"), so the same bounds as an e-mail sign-in's.
 */
export const SIGN_UP_PER_ADDRESS: readonly RateLimitWindow[] = EMAIL_PER_ADDRESS

/** Sign-up, per client: room for a household or an office, not for filling the users table. */
export const SIGN_UP_PER_CLIENT: readonly RateLimitWindow[] = budget(
  { limit: 10, windowMs: MINUTE },
  { limit: 50, windowMs: HOUR },
)

/** Password reset (`POST {basePath}/password/forgot` and `/password/reset`), per address: reset mails, as sign-in links. */
export const PASSWORD_RESET_PER_ADDRESS: readonly RateLimitWindow[] = EMAIL_PER_ADDRESS

/** Password reset, per client: forgot requests and reset submissions together. */
export const PASSWORD_RESET_PER_CLIENT: readonly RateLimitWindow[] = EMAIL_PER_CLIENT

/** Address verification (`POST {basePath}/verify-email`, and re-sent verification mails), per address. */
export const VERIFY_EMAIL_PER_ADDRESS: readonly RateLimitWindow[] = EMAIL_PER_ADDRESS

/** Address verification, per client. */
export const VERIFY_EMAIL_PER_CLIENT: readonly RateLimitWindow[] = budget(
  { limit: 30, windowMs: MINUTE },
  { limit: 300, windowMs: HOUR },
)

/**
 * A checked, frozen budget, shortest window first: every limit and window a whole number of at least 1, no window
 * length twice (each window is its own counter, named by its length). Throws a `TypeError` naming the bad window; use it where configured
 * budgets are validated.
 */
export function budget(...windows: RateLimitWindow[]): readonly RateLimitWindow[] {
  if (windows.length === 0) throw new TypeError("A rate-limit budget needs at least one window { limit, windowMs }.")
  const lengths = new Set<number>()
  for (const window of windows) {
    const { limit, windowMs } = window ?? {}
    if (!Number.isSafeInteger(limit) || limit < 1) {
      throw new TypeError(`A rate-limit window's limit must be a whole number of at least 1, got ${String(limit)}.`)
    }
    if (!Number.isSafeInteger(windowMs) || windowMs < 1) {
      throw new TypeError(`A rate-limit window's windowMs must be a whole number of milliseconds, got ${String(windowMs)}.`)
    }
    if (lengths.has(windowMs)) throw new TypeError(`A rate-limit budget has two windows of ${windowMs} ms; merge them.`)
    lengths.add(windowMs)
  }
  const shortestFirst = [...windows].sort((a, b) => a.windowMs - b.windowMs)
  return Object.freeze(shortestFirst.map((window) => Object.freeze({ limit: window.limit, windowMs: window.windowMs })))
}

/** The store key of one window of a budget: the budget's key and the window's length. */
function windowKey(key: string, window: RateLimitWindow): string {
  return `${key}:${window.windowMs}`
}

/**
 * Spends `cost` (default 1) from the windows of the budget `key`, shortest first, and says whether the request may
 * go on: refused as soon as a window is over its limit. A refused request counts in the window that refused it, so
 * hammering during a lockout gains nothing, but not in the longer ones, so hammering cannot lengthen the lockout
 * (30 requests in a minute do not spend a day's budget). `retryAfter` is when the refusing window ends, in whole
 * seconds. One round trip with a store that has `spend`; one per window reached otherwise.
 *
 * @example
 * const { allowed, retryAfter } = await consume(store, await budgetKey("identifier", username, secret), CREDENTIALS_PER_IDENTIFIER)
 */
export async function consume(
  store: RateLimitStore,
  key: string,
  windows: readonly RateLimitWindow[],
  cost = 1,
): Promise<RateLimitDecision> {
  const results = store.spend ? await store.spend(key, windows, cost) : await hitInTurn(store, key, windows, cost)
  return decide(results, windows)
}

/** One budget of `consumeAll`: its store key and windows. */
export interface Budget {
  readonly key: string
  readonly windows: readonly RateLimitWindow[]
}

/**
 * Spends `cost` (default 1) from several budgets of one request (its client's and its identifier's) and decides for
 * each as `consume` does — but a request that one budget refuses spends nothing from the others, so refused requests
 * cannot create counters (security catalog RT-13: a flood of refused requests with fresh identifiers cannot fill the
 * memory store). With a store that has `spendAll` this is atomic and one round trip. Otherwise the budgets are spent
 * one after another in the order given, stopping after the first refusal: list the client's first, so that a client
 * refused by its own budget spends no other. That fallback is not atomic: a budget spent earlier stays spent when a
 * later one refuses.
 */
export async function consumeAll(store: RateLimitStore, budgets: readonly Budget[], cost = 1): Promise<RateLimitDecision[]> {
  if (budgets.length === 1) return [await consume(store, budgets[0]!.key, budgets[0]!.windows, cost)]
  if (store.spendAll) {
    const results = await store.spendAll(budgets, cost)
    return results.map((spent, i) => decide(spent, budgets[i]!.windows))
  }
  const decisions: RateLimitDecision[] = []
  for (const budget of budgets) {
    const decision = await consume(store, budget.key, budget.windows, cost)
    decisions.push(decision)
    if (!decision.allowed) break
  }
  // The budgets not reached spent nothing and refused nothing.
  while (decisions.length < budgets.length) decisions.push({ allowed: true, retryAfter: 0 })
  return decisions
}

/** Refused when the last window reached is over its limit; `retryAfter` is when that window ends, in whole seconds. */
function decide(results: readonly StoreCount[], windows: readonly RateLimitWindow[]): RateLimitDecision {
  const last = results.length - 1
  const refused = last >= 0 && results[last]!.count > windows[last]!.limit
  if (!refused) return { allowed: true, retryAfter: 0 }
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((results[last]!.resetAt - Date.now()) / SECOND)) }
}

/** `spend` for a store that only has `hit`: the windows one after another, stopping at the first one over. */
async function hitInTurn(store: RateLimitStore, key: string, windows: readonly RateLimitWindow[], cost: number): Promise<StoreCount[]> {
  const results: StoreCount[] = []
  for (const window of windows) {
    const result = await store.hit(windowKey(key, window), window.windowMs, cost)
    results.push(result)
    if (result.count > window.limit) break
  }
  return results
}

/** Forgets every window of the budget `key` (a successful sign-in clears its identifier's failures). */
export async function clear(store: RateLimitStore, key: string, windows: readonly RateLimitWindow[]): Promise<void> {
  await Promise.all(windows.map((window) => store.reset(windowKey(key, window))))
}
