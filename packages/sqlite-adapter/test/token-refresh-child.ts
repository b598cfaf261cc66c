/**
 * One process of TR-01 (token-refresh.test.ts): on `go` it races TR_CALLS concurrent token-refresh calls for one
 * account through its own connection to TR_FILE, and answers how many returned true.
 */
import { runTokenRefreshChild } from "@gatehousejs/adapter-test"
import { SqliteAdapter } from "../src/index.js"

const adapter = SqliteAdapter({ filename: process.env.TR_FILE! })
// The file is open and migrated before the parent says go.
await runTokenRefreshChild(adapter, () => adapter.migrate(), () => adapter.close())
