// The body of an RL-04 child process (rate-limit-store.ts): the store calls it makes, and what it answers the parent.
import { MINUTE, RL_BUDGET, RL_OTHER_BUDGET } from "./rate-limit-budgets.js"
import type { RateLimitStoreLike, RateLimitWindowLike } from "./rate-limit-store-like.js"

/**
 * The body of an RL-04 child process: once `ready` resolves (connected), tells the parent; on `go`, fires RL_HITS
 * concurrent hits on RL_KEY (or, when RL_MODE is `spend`, spends of the budget 20 a minute and 1000 an hour; when it
 * is `spendAll`, that budget and a second one of 1000 a minute under `${RL_KEY}-other`), closes, and answers how many
 * were admitted: within RL_LIMIT for a hit, within every window for a spend.
 */
export async function runRateLimitChild(store: RateLimitStoreLike, ready: () => Promise<unknown>, close: () => unknown): Promise<void> {
  const env = process.env
  const [hits, limit, key] = [Number(env.RL_HITS), Number(env.RL_LIMIT), env.RL_KEY!]
  const withinAll = (results: { count: number }[], budget: readonly RateLimitWindowLike[]): boolean =>
    results.length === budget.length && results.every((result, i) => result.count <= budget[i]!.limit)
  const attempt = async (): Promise<boolean> => {
    if (env.RL_MODE === "spend") return withinAll(await store.spend!(key, RL_BUDGET), RL_BUDGET)
    if (env.RL_MODE === "spendAll") {
      const [client, other] = await store.spendAll!([
        { key, windows: RL_BUDGET },
        { key: `${key}-other`, windows: RL_OTHER_BUDGET },
      ])
      return withinAll(client!, RL_BUDGET) && withinAll(other!, RL_OTHER_BUDGET)
    }
    return (await store.hit(key, MINUTE)).count <= limit
  }
  process.once("message", async () => {
    const admitted = await Promise.all(Array.from({ length: hits }, attempt))
    await close()
    process.send!({ admitted: admitted.filter(Boolean).length })
  })
  await ready()
  process.send!({ ready: true })
}
