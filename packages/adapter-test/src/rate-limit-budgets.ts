// The time units of the rate-limit contract and RL-04's budgets, shared by the contract and its child processes.
import type { RateLimitWindowLike } from "./rate-limit-store-like.js"

export const [MINUTE, HOUR, DAY] = [60_000, 3_600_000, 86_400_000]
/** RL-04's budget for `spend`: the minute's limit is the one reached; the hour's is far. */
export const RL_BUDGET: readonly RateLimitWindowLike[] = [
  { limit: 20, windowMs: MINUTE },
  { limit: 1000, windowMs: HOUR },
]
/** RL-04's second budget for `spendAll` (the identifier's, beside RL_BUDGET as the client's): never the one that refuses. */
export const RL_OTHER_BUDGET: readonly RateLimitWindowLike[] = [{ limit: 1000, windowMs: MINUTE }]
