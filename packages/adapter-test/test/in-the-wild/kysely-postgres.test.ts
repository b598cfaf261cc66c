/**
 * `@auth/kysely-adapter` on PostgreSQL (Kysely's PostgresDialect): the conformance suite, then Gatehouse's
 * database sessions, e-mail sign-in and account linking on it.
 */
import { afterAll, beforeAll, describe } from "vitest"
import { runAdapterTests, serviceAvailable } from "../../src/index.js"
import { kyselyPostgresStore } from "./kysely-postgres-store.js"
import { gatehouseFlowTests } from "./gatehouse-flows.js"

const HOOK_TIMEOUT_MS = 60_000

if (await serviceAvailable("PostgreSQL")) {
  const store = kyselyPostgresStore()
  beforeAll(store.setup, HOOK_TIMEOUT_MS)
  afterAll(store.teardown, HOOK_TIMEOUT_MS)
  runAdapterTests({
    name: store.name,
    adapter: store.adapter,
    db: store.db,
    skip: [
      // The documented migration makes "User".id a uuid column, and the adapter hands any string to PostgreSQL, which
      // rejects a malformed one ("invalid input syntax for type uuid"): getUser throws instead of answering null.
      "getUser returns null for a malformed id",
      // updateSession ends in executeTakeFirstOrThrow(): for a session that is not there (signed out meanwhile) it
      // throws NoResultError ("no result") instead of returning nothing. The next three tests fail on that alone.
      "updateSession for an unknown session token returns nothing",
      "updateSession after deleteSession does not bring the session back",
      "concurrent getSessionAndUser, updateSession and deleteSession never bring a deleted session back",
      // The documented migration has no unique index on "Account" (provider, "providerAccountId"): two racing
      // linkAccount calls both insert, and one provider account then belongs to two users.
      "DB-03 unique account",
    ],
  })
  gatehouseFlowTests(store)
} else {
  describe.skip("adapter: @auth/kysely-adapter on PostgreSQL (PostgreSQL not reachable)", () => {})
}
