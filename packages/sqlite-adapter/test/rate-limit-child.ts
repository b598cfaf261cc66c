/**
 * One process of the "two processes, one store" test (rate-limit-store.test.ts, RL-04): on `go` it fires
 * RL_HITS concurrent hits on RL_KEY with limit RL_LIMIT on its own connection to RL_FILE and answers how many were
 * admitted.
 */
import { runRateLimitChild } from "@gatehousejs/adapter-test"
import { SqliteRateLimitStore } from "../src/index.js"

const store = SqliteRateLimitStore({ filename: process.env.RL_FILE! })
// The file is open and migrated before the parent says go.
await runRateLimitChild(store, () => store.prune(), () => store.close())
