/**
 * One process of the "two processes, one store" test (rate-limit-store.test.ts, RL-04): on `go` it fires
 * RL_HITS concurrent hits on RL_KEY with limit RL_LIMIT on its own connection to RL_FILE and answers how many were
 * admitted.
 */
import { SqliteRateLimitStore } from "../src/index.js"

const env = process.env
const store = SqliteRateLimitStore({ filename: env.RL_FILE! })
const [hits, limit] = [Number(env.RL_HITS), Number(env.RL_LIMIT)]

process.once("message", async () => {
  const results = await Promise.all(Array.from({ length: hits }, () => store.hit(env.RL_KEY!, 60_000)))
  store.close()
  process.send!({ admitted: results.filter((r) => r.count <= limit).length })
})
await store.prune() // the file is open and migrated before the parent says go
process.send!({ ready: true })
