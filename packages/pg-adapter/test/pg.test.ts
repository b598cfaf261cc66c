/**
 * What the PostgreSQL adapter promises beyond the shared conformance suite: migrations that are idempotent and safe
 * to race, a session check in exactly one query, `deleteUser` all or nothing, a unique account key with a clear error
 * (DB-05), single-use verification tokens under concurrency (DB-02), and lookups that never turn odd input into a
 * database error. All against a real PostgreSQL, each group in a schema of its own.
 */
import { randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import { POSTGRES_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import type { AdapterAccount, AdapterUser } from "@gatehousejs/core"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PostgresAdapter, PostgresAdapterError, SCHEMA_SQL, type PostgresAdapterInstance } from "../src/index.js"

const up = await serviceAvailable("PostgreSQL")

const TABLES = [
  "account_refresh_state",
  "accounts",
  "authenticator_registrations",
  "authenticators",
  "rate_limits",
  "session_metadata",
  "session_revocations",
  "sessions",
  "user_passwords",
  "users",
  "verification_token",
]

function newPool(max = 10): pg.Pool {
  return new pg.Pool({ connectionString: POSTGRES_URL, max })
}

/** Drops `schema` (the adapter's `migrate()` re-creates it). */
async function dropSchema(pool: pg.Pool, schema: string): Promise<void> {
  await pool.query(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, '""')}" CASCADE`)
}

async function tablesOf(pool: pg.Pool, schema: string): Promise<string[]> {
  const { rows } = await pool.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name",
    [schema],
  )
  return rows.map((r) => r.table_name)
}

function userInput(overrides: Partial<AdapterUser> = {}): AdapterUser {
  return { id: randomUUID(), name: "Ada", email: `ada-${randomUUID()}@example.com`, emailVerified: null, image: null, ...overrides }
}

function accountInput(userId: string, overrides: Partial<AdapterAccount> = {}): AdapterAccount {
  return {
    userId,
    type: "oauth",
    provider: "github",
    providerAccountId: randomUUID(),
    access_token: `secret-access-${randomUUID()}`,
    expires_at: 1_900_000_000,
    ...overrides,
  }
}

/** Runs `work` and returns what it rejected with (fails the test when it resolves). */
async function rejection(work: Promise<unknown>): Promise<unknown> {
  try {
    await work
  } catch (error) {
    return error
  }
  throw new Error("expected a rejection")
}

describe.skipIf(!up)("schema.sql and migrate()", () => {
  const SCHEMA = "gatehouse_pg_migrate"
  const pool = newPool()
  afterAll(async () => {
    await dropSchema(pool, SCHEMA)
    await pool.end()
  })

  it("the embedded schema is byte-identical to the shipped schema.sql", () => {
    expect(SCHEMA_SQL).toBe(readFileSync(new URL("../schema.sql", import.meta.url), "utf8"))
  })

  it("creates the schema and every table; running it again changes nothing and keeps the data", async () => {
    await dropSchema(pool, SCHEMA)
    const adapter = PostgresAdapter(pool, { schema: SCHEMA })
    await adapter.migrate()
    expect(await tablesOf(pool, SCHEMA)).toEqual(TABLES)

    const user = await adapter.createUser(userInput())
    await adapter.migrate()
    await adapter.migrate()
    expect(await tablesOf(pool, SCHEMA)).toEqual(TABLES)
    expect(await adapter.getUser(user.id)).toEqual(user)
  })

  it("has foreign keys that cascade, a unique e-mail and a unique (provider, providerAccountId)", async () => {
    const { rows } = await pool.query<{ table_name: string; constraint_type: string; definition: string }>(
      `SELECT c.conrelid::regclass::text AS table_name, c.contype AS constraint_type, pg_get_constraintdef(c.oid) AS definition
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname = $1 AND c.contype IN ('f', 'u', 'p') ORDER BY 1, 3`,
      [SCHEMA],
    )
    const definitions = rows.map((r) => `${r.table_name.replace(`${SCHEMA}.`, "")}: ${r.definition}`)
    expect(definitions).toEqual(
      expect.arrayContaining([
        `accounts: PRIMARY KEY (provider, "providerAccountId")`,
        `accounts: FOREIGN KEY ("userId") REFERENCES ${SCHEMA}.users(id) ON DELETE CASCADE`,
        `sessions: FOREIGN KEY ("userId") REFERENCES ${SCHEMA}.users(id) ON DELETE CASCADE`,
        `authenticators: FOREIGN KEY ("userId") REFERENCES ${SCHEMA}.users(id) ON DELETE CASCADE`,
        `user_passwords: FOREIGN KEY (user_id) REFERENCES ${SCHEMA}.users(id) ON UPDATE CASCADE ON DELETE CASCADE`,
        `users: UNIQUE (email)`,
        `verification_token: PRIMARY KEY (identifier, token)`,
      ]),
    )
  })

  it("two processes (two pools) migrating a fresh schema at the same time both succeed, 5 rounds", async () => {
    const other = newPool()
    try {
      for (let round = 0; round < 5; round++) {
        await dropSchema(pool, SCHEMA)
        const a = PostgresAdapter(pool, { schema: SCHEMA })
        const b = PostgresAdapter(other, { schema: SCHEMA })
        const results = await Promise.allSettled([a.migrate(), b.migrate(), a.migrate(), b.migrate()])
        expect(results.filter((r) => r.status === "rejected"), `round ${round}`).toEqual([])
        expect(await tablesOf(pool, SCHEMA)).toEqual(TABLES)
      }
    } finally {
      await other.end()
    }
  })

  it("quotes the schema name: one with spaces and quotes works, and tables land only there", async () => {
    const odd = `gatehouse pg "quoted" ${randomUUID().slice(0, 8)}`
    const adapter = PostgresAdapter(pool, { schema: odd })
    try {
      await adapter.migrate()
      expect(await tablesOf(pool, odd)).toEqual(TABLES)
      const user = await adapter.createUser(userInput())
      expect(await adapter.getUser(user.id)).toEqual(user)
    } finally {
      await dropSchema(pool, odd)
    }
  })

  it("refuses a schema name PostgreSQL cannot hold (empty, NUL, over 63 bytes)", () => {
    for (const schema of ["", "a\0b", "x".repeat(64)]) {
      const error = (() => {
        try {
          PostgresAdapter(pool, { schema })
        } catch (e) {
          return e
        }
      })()
      expect(error, JSON.stringify(schema)).toBeInstanceOf(PostgresAdapterError)
      expect((error as PostgresAdapterError).code).toBe("InvalidSchemaName")
    }
  })
})

describe.skipIf(!up)("PostgresAdapter behaviour", () => {
  const SCHEMA = "gatehouse_pg_unit"
  const pool = newPool()
  let adapter: PostgresAdapterInstance

  beforeAll(async () => {
    await dropSchema(pool, SCHEMA)
    adapter = PostgresAdapter(pool, { schema: SCHEMA })
    await adapter.migrate()
  })
  afterAll(async () => {
    await dropSchema(pool, SCHEMA)
    await pool.end()
  })

  async function count(table: string, where: string, values: unknown[]): Promise<number> {
    const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${SCHEMA}.${table} WHERE ${where}`, values)
    return Number(rows[0]!.n)
  }

  describe("session check", () => {
    it("getSessionAndUser is exactly one query, a named prepared statement", async () => {
      // A pool of one connection, so the prepared statement is visible on the connection that ran the check.
      const single = newPool(1)
      const statements: string[] = []
      single.on("connect", (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown
        ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
          const [config] = args
          statements.push(typeof config === "string" ? config : String((config as { text?: unknown }).text))
          return query(...args)
        }
      })
      try {
        const counted = PostgresAdapter(single, { schema: SCHEMA })
        const user = await adapter.createUser(userInput())
        const session = await adapter.createSession({ sessionToken: randomUUID(), userId: user.id, expires: new Date(Date.now() + 86_400_000) })
        await single.query("SELECT 1") // open the connection before counting
        statements.length = 0

        const found = await counted.getSessionAndUser(session.sessionToken)
        expect(found).toEqual({ session, user })
        expect(statements).toHaveLength(1)
        expect(statements[0]).toMatch(/JOIN/)

        statements.length = 0
        expect(await counted.getSessionAndUser(randomUUID())).toBeNull()
        expect(statements).toHaveLength(1)

        const { rows } = await single.query<{ name: string }>("SELECT name FROM pg_prepared_statements")
        expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining([expect.stringMatching(/_get_session_and_user$/)]))
      } finally {
        await single.end()
      }
    })

    it("two adapters on different schemas share one pool without prepared-statement clashes", async () => {
      const otherSchema = "gatehouse_pg_unit_other"
      const single = newPool(1)
      try {
        const here = PostgresAdapter(single, { schema: SCHEMA })
        const there = PostgresAdapter(single, { schema: otherSchema })
        await there.migrate()
        const a = await here.createUser(userInput())
        const b = await there.createUser(userInput())
        expect(await here.getUser(a.id)).toEqual(a)
        expect(await there.getUser(b.id)).toEqual(b)
        expect(await here.getUser(b.id)).toBeNull()
        expect(await there.getUser(a.id)).toBeNull()
      } finally {
        await dropSchema(single, otherSchema)
        await single.end()
      }
    })

    it("returns Dates as Date, ids as strings, and the user's fields from the JOIN", async () => {
      const verified = new Date("2030-01-02T03:04:05.000Z")
      const user = await adapter.createUser(userInput({ emailVerified: verified, image: "https://example.com/a.png" }))
      const expires = new Date("2031-01-01T00:00:00.000Z")
      await adapter.createSession({ sessionToken: "token-1-" + randomUUID(), userId: user.id, expires })
      const [session] = (await pool.query(`SELECT "sessionToken" FROM ${SCHEMA}.sessions WHERE "userId" = $1`, [user.id])).rows
      const found = await adapter.getSessionAndUser(String(session.sessionToken))
      expect(found?.session.expires).toBeInstanceOf(Date)
      expect(found?.session.expires.toISOString()).toBe(expires.toISOString())
      expect(found?.user).toEqual({ ...user, emailVerified: verified })
      expect(found?.user.emailVerified).toBeInstanceOf(Date)
    })
  })

  describe("odd input never reaches PostgreSQL as an error", () => {
    const odd = ["", "not-a-uuid", "1", "' OR 1=1 --", "a\0b", "\uD800", "x".repeat(10_000), "null"]

    it.each(odd.map((value) => [JSON.stringify(value).slice(0, 30), value]))("lookups with %s return nothing", async (_, value) => {
      expect(await adapter.getUser(value)).toBeNull()
      expect(await adapter.getUserByEmail(value)).toBeNull()
      expect(await adapter.getUserByAccount({ provider: value, providerAccountId: value })).toBeNull()
      expect(await adapter.getSessionAndUser(value)).toBeNull()
      expect(await adapter.updateSession({ sessionToken: value, expires: new Date() })).toBeNull()
      expect(await adapter.deleteSession(value)).toBeNull()
      expect(await adapter.useVerificationToken({ identifier: value, token: value })).toBeNull()
      expect(await adapter.getAccount(value, value)).toBeNull()
      expect(await adapter.getAuthenticator(value)).toBeNull()
      expect(await adapter.listAuthenticatorsByUserId(value)).toEqual([])
      expect(await adapter.deleteUser(value)).toBeNull()
    })

    it("useVerificationToken without an identifier (a link that lacks `email`) returns null", async () => {
      const token = { identifier: "who@example.com", token: randomUUID(), expires: new Date(Date.now() + 60_000) }
      await adapter.createVerificationToken(token)
      expect(await adapter.useVerificationToken({ token: token.token } as never)).toBeNull()
      expect(await count("verification_token", "token = $1", [token.token])).toBe(1)
    })
  })

  describe("users", () => {
    it("createUser without an id gets a generated UUID string", async () => {
      const { id: _ignored, ...rest } = userInput()
      const user = await adapter.createUser(rest as AdapterUser)
      expect(user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    })

    it("createUser with an e-mail already in use throws EmailAlreadyUsed and writes nothing", async () => {
      const first = await adapter.createUser(userInput())
      const error = await rejection(adapter.createUser(userInput({ email: first.email })))
      expect(error).toBeInstanceOf(PostgresAdapterError)
      expect((error as PostgresAdapterError).code).toBe("EmailAlreadyUsed")
      expect(await count("users", "email = $1", [first.email])).toBe(1)
    })

    it("users without an e-mail address (core passes \"\") do not collide on the unique e-mail index", async () => {
      const first = await adapter.createUser(userInput({ email: "" }))
      const second = await adapter.createUser(userInput({ email: "" }))
      expect(first.email).toBeNull()
      expect(second.email).toBeNull()
      expect(await adapter.getUserByEmail("")).toBeNull()
      expect((await adapter.updateUser({ id: first.id, email: "" })).email).toBeNull()
    })

    it("updateUser writes only the fields given; a null clears a field", async () => {
      const user = await adapter.createUser(userInput({ image: "https://example.com/i.png" }))
      expect(await adapter.updateUser({ id: user.id, image: null })).toEqual({ ...user, image: null })
      expect(await adapter.updateUser({ id: user.id })).toEqual({ ...user, image: null })
    })

    it("updateUser of an unknown id throws UserNotFound", async () => {
      const error = await rejection(adapter.updateUser({ id: randomUUID(), name: "Nobody" }))
      expect((error as PostgresAdapterError).code).toBe("UserNotFound")
    })

    it("deleteUser returns the deleted user", async () => {
      const user = await adapter.createUser(userInput())
      expect(await adapter.deleteUser(user.id)).toEqual(user)
      expect(await adapter.deleteUser(user.id)).toBeNull()
    })
  })

  describe("deleteUser is one transaction", () => {
    const refused = "undeletable"

    beforeAll(async () => {
      // A failing statement inside deleteUser: a trigger that refuses to delete one particular user, after the
      // sessions and accounts were already deleted in the same transaction.
      await pool.query(`
        CREATE FUNCTION ${SCHEMA}.refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'simulated failure while deleting a user'; END $$;
        CREATE TRIGGER refuse_delete BEFORE DELETE ON ${SCHEMA}.users
          FOR EACH ROW WHEN (OLD.name = '${refused}') EXECUTE FUNCTION ${SCHEMA}.refuse_delete();
        CREATE FUNCTION ${SCHEMA}.lose_connection() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN OLD; END $$;
        CREATE TRIGGER lose_connection BEFORE DELETE ON ${SCHEMA}.users
          FOR EACH ROW WHEN (OLD.name = 'connection-lost') EXECUTE FUNCTION ${SCHEMA}.lose_connection();
      `)
    })

    it("a failure rolls everything back: the user, their sessions and accounts stay", async () => {
      const user = await adapter.createUser(userInput({ name: refused }))
      const session = await adapter.createSession({ sessionToken: randomUUID(), userId: user.id, expires: new Date(Date.now() + 60_000) })
      const account = await adapter.linkAccount(accountInput(user.id))

      const error = await rejection(adapter.deleteUser(user.id))
      expect(String(error)).toMatch(/simulated failure/)

      expect(await adapter.getUser(user.id)).toEqual(user)
      expect(await adapter.getSessionAndUser(session.sessionToken)).toEqual({ session, user })
      expect(await adapter.getAccount(account.providerAccountId, account.provider)).toEqual(account)
    })

    it("the connection goes back to the pool after a failure (a pool of one still answers)", async () => {
      const single = newPool(1)
      try {
        const one = PostgresAdapter(single, { schema: SCHEMA })
        const user = await one.createUser(userInput({ name: refused }))
        await rejection(one.deleteUser(user.id))
        await rejection(one.deleteUser(user.id))
        expect(await one.getUser(user.id)).toEqual(user)
        expect(single.totalCount).toBe(1)
        expect(single.idleCount).toBe(1)
      } finally {
        await single.end()
      }
    })

    it("a connection lost mid-transaction is discarded without crashing the process; the user and sessions stay", async () => {
      const single = newPool(1)
      try {
        const one = PostgresAdapter(single, { schema: SCHEMA })
        const user = await one.createUser(userInput({ name: "connection-lost" }))
        const session = await one.createSession({ sessionToken: randomUUID(), userId: user.id, expires: new Date(Date.now() + 60_000) })
        await rejection(one.deleteUser(user.id))
        // The next call gets a fresh connection, not the dead one (nor one left inside a transaction).
        expect(await one.getSessionAndUser(session.sessionToken)).toEqual({ session, user })
      } finally {
        await single.end()
      }
    })
  })

  describe("accounts (DB-05)", () => {
    it("a duplicate linkAccount throws AccountAlreadyLinked, keeps the first link, and adds no row", async () => {
      const first = await adapter.createUser(userInput())
      const second = await adapter.createUser(userInput())
      const account = await adapter.linkAccount(accountInput(first.id))

      const error = await rejection(adapter.linkAccount(accountInput(second.id, { providerAccountId: account.providerAccountId })))
      expect(error).toBeInstanceOf(PostgresAdapterError)
      expect((error as PostgresAdapterError).code).toBe("AccountAlreadyLinked")
      // The message names the problem and never the tokens or the account id.
      expect((error as Error).message).toMatch(/already linked/)
      expect((error as Error).message).not.toContain(account.providerAccountId)
      expect((error as Error).message).not.toContain("secret-access")

      expect(await count("accounts", `provider = $1 AND "providerAccountId" = $2`, [account.provider, account.providerAccountId])).toBe(1)
      expect(await adapter.getUserByAccount(account)).toEqual(first)
      // The same user linking again is refused the same way.
      expect(((await rejection(adapter.linkAccount(accountInput(first.id, { providerAccountId: account.providerAccountId })))) as PostgresAdapterError).code).toBe(
        "AccountAlreadyLinked",
      )
    })

    it("linkAccount for a user that does not exist throws UserNotFound and leaves no orphan account", async () => {
      const input = accountInput(randomUUID())
      const error = await rejection(adapter.linkAccount(input))
      expect((error as PostgresAdapterError).code).toBe("UserNotFound")
      expect(await count("accounts", `"providerAccountId" = $1`, [input.providerAccountId])).toBe(0)
    })

    it("expires_at (BIGINT) comes back as a number, also past 2^31", async () => {
      const user = await adapter.createUser(userInput())
      const linked = await adapter.linkAccount(accountInput(user.id, { expires_at: 4_102_444_800 }))
      expect(linked.expires_at).toBe(4_102_444_800)
      expect((await adapter.getAccount(linked.providerAccountId, linked.provider))?.expires_at).toBe(4_102_444_800)
    })
  })

  describe("verification tokens (DB-02)", () => {
    it("ten concurrent useVerificationToken calls for one token: exactly one winner, 10 rounds", async () => {
      for (let round = 0; round < 10; round++) {
        const token = { identifier: `r${round}@example.com`, token: randomUUID(), expires: new Date(Date.now() + 600_000) }
        await adapter.createVerificationToken(token)
        const results = await Promise.all(Array.from({ length: 10 }, () => adapter.useVerificationToken(token)))
        const winners = results.filter((r) => r !== null)
        expect(winners, `round ${round}`).toHaveLength(1)
        expect(winners[0]).toEqual(token)
        expect(await count("verification_token", "identifier = $1", [token.identifier])).toBe(0)
      }
    })
  })

  describe("authenticators", () => {
    it("counter (BIGINT) holds the full WebAuthn uint32 range and comes back as a number", async () => {
      const user = await adapter.createUser(userInput())
      const created = await adapter.createAuthenticator({
        credentialID: randomUUID(),
        userId: user.id,
        providerAccountId: randomUUID(),
        counter: 0,
        credentialBackedUp: true,
        credentialPublicKey: "cHVibGljLWtleQ",
        credentialDeviceType: "multiDevice",
      })
      const updated = await adapter.updateAuthenticatorCounter(created.credentialID, 4_294_967_295)
      expect(updated).toEqual({ ...created, counter: 4_294_967_295 })
    })

    it("a second createAuthenticator with the same credential id throws AuthenticatorAlreadyExists", async () => {
      const user = await adapter.createUser(userInput())
      const input = {
        credentialID: randomUUID(),
        userId: user.id,
        providerAccountId: randomUUID(),
        counter: 0,
        credentialBackedUp: false,
        credentialPublicKey: "a2V5",
        credentialDeviceType: "singleDevice",
      }
      await adapter.createAuthenticator(input)
      expect(((await rejection(adapter.createAuthenticator(input))) as PostgresAdapterError).code).toBe("AuthenticatorAlreadyExists")
    })
  })
})
