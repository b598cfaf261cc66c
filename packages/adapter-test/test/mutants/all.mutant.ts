/** The suite on every mutant; run only by `suite-catches-bugs.test.ts` (its own vitest config), never by `vitest run`. */
import { runAdapterTests } from "../../src/index.js"
import { createMemoryStore, MemoryAdapter, memoryStoreReader } from "../memory-adapter.js"
import { MUTANTS } from "./mutants.js"

for (const { bug, mutate } of MUTANTS) {
  const store = createMemoryStore()
  const adapter = mutate(MemoryAdapter(store), store)
  runAdapterTests({ name: `mutant: ${bug}`, adapter: () => adapter, db: memoryStoreReader(store), webauthn: true })
}
