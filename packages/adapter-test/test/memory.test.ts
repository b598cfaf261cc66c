/**
 * The conformance suite against the in-memory reference adapter: every test of the Auth.js interface runs, and the
 * password contract; the token-refresh and session-registry contracts skip (the reference adapter has none of those
 * optional methods).
 */
import { runAdapterTests } from "../src/index.js"
import { createMemoryStore, MemoryAdapter, memoryStoreReader } from "./memory-adapter.js"

const store = createMemoryStore()
const adapter = MemoryAdapter(store)

runAdapterTests({
  name: "memory",
  adapter: () => adapter,
  db: memoryStoreReader(store),
  webauthn: true,
})
