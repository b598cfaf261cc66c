/** The conformance suite against the in-memory reference adapter: every test runs, none is skipped. */
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
