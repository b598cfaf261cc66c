/**
 * The second process of the session-store contract's two-process test (session-store.test.ts): its own connection to
 * the same file, answering the parent's calls.
 */
import { runSessionStoreChild } from "../../adapter-test/src/session-store.js"
import { SqliteSessionStore } from "../src/session-store.js"

const store = SqliteSessionStore({ filename: process.env.SS_FILE! })
// The file is open and its table there before the parent's first call.
await runSessionStoreChild(store, () => store.migrate(), () => store.close())
