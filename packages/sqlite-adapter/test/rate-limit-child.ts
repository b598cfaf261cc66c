/**
 * One process of the "two processes, one store" test (rate-limit-store.test.ts, RL-04): on `go` it fires RL_HITS
 * concurrent hits (or spends, when RL_MODE is `spend`) on RL_KEY on its own connection to RL_FILE and answers how
 * many were admitted.
 */
import { runRateLimitChild } from "@gatehousejs/adapter-test"
import { SqliteRateLimitStore } from "../src/index.js"

const store = SqliteRateLimitStore({ filename: process.env.RL_FILE! })
// The file is open and migrated before the parent says go.
await runRateLimitChild(store, () => store.prune(), () => store.close())
