/**
 * The conformance suite against the in-memory reference adapter: every test of the Auth.js interface runs; the
 * token-refresh contract skips (the reference adapter has none of Gatehouse's optional refresh methods).
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
