/**
 * A third-party Auth.js adapter on a database of its own for one test file: the adapter exactly as its package
 * builds it, the direct reads the conformance suite checks it with, and the setup (its documented schema, in a fresh
 * schema or database) and teardown (dropped) around the run.
 */
import type { Adapter } from "@gatehousejs/core"
import type { StoreReader } from "../../src/index.js"

export interface WildStore {
  /** The package and the database, e.g. "@auth/drizzle-adapter on PostgreSQL". */
  readonly name: string
  /** The adapter; available once `setup` has run. */
  adapter(): Adapter
  readonly db: StoreReader
  setup(): Promise<void>
  teardown(): Promise<void>
}
