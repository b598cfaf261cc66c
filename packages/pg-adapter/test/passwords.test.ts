/**
 * The PostgreSQL adapter's password records beyond the shared contract (which conformance.test.ts runs): a database
 * migrated by the version before them gets `user_passwords` from migrate(), with its rows kept; the row hangs off the
 * user by a cascading foreign key; a record for an unknown user, or one PostgreSQL cannot hold, is refused with a
 * clear error. Against a real PostgreSQL, in a schema of its own dropped afterwards.
 */
import { randomUUID } from "node:crypto"
import { POSTGRES_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import { PostgresAdapter, PostgresAdapterError } from "../src/index.js"

const up = await serviceAvailable("PostgreSQL")
const PASSWORD = { hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", resetToken: null, updatedAt: new Date("2026-01-02T03:04:05.006Z") }

describe.skipIf(!up)("PostgresAdapter password records", () => {
  const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 4 })
  const schemas: string[] = []

  afterAll(async () => {
    for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await pool.end()
  })

  /** A schema as the version before the password records left it (every other table, one user 'u1'). */
  async function schemaBeforePasswords(): Promise<string> {
    const schema = `gatehouse_pw_${randomUUID().replaceAll("-", "").slice(0, 12)}`
    schemas.push(schema)
    await PostgresAdapter(pool, { schema }).migrate()
    await pool.query(`DROP TABLE "${schema}".user_passwords`)
    await pool.query(`INSERT INTO "${schema}".users (id, email) VALUES ('u1', 'old@example.com')`)
    return schema
  }

  async function hasPasswordTable(schema: string): Promise<boolean> {
    const { rowCount } = await pool.query("SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'user_passwords'", [schema])
    return rowCount === 1
  }

  async function passwordRows(schema: string): Promise<number> {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}".user_passwords`)
    return rows[0]!.n
  }

  it("migrate() on a database of the version before adds user_passwords (twice: idempotent) and keeps its users", async () => {
    const schema = await schemaBeforePasswords()
    expect(await hasPasswordTable(schema)).toBe(false)
    const adapter = PostgresAdapter(pool, { schema })
    await adapter.migrate()
    await adapter.migrate()
    expect(await hasPasswordTable(schema)).toBe(true)
    expect(await adapter.getUser("u1")).toMatchObject({ email: "old@example.com" })
    expect(await adapter.getUserPassword("u1")).toBeNull()
    await adapter.setUserPassword("u1", PASSWORD)
    expect(await adapter.getUserPassword("u1")).toStrictEqual(PASSWORD)
  })

  it("deleting the user deletes the row (its foreign key cascades)", async () => {
    const schema = await schemaBeforePasswords()
    const adapter = PostgresAdapter(pool, { schema })
    await adapter.migrate()
    await adapter.setUserPassword("u1", { ...PASSWORD, resetToken: "a".repeat(64) })
    expect(await passwordRows(schema)).toBe(1)
    await adapter.deleteUser("u1")
    expect(await passwordRows(schema)).toBe(0)
  })

  it("setUserPassword for a user that does not exist is refused with UserNotFound, and stores nothing", async () => {
    const schema = await schemaBeforePasswords()
    const adapter = PostgresAdapter(pool, { schema })
    await adapter.migrate()
    const refused = adapter.setUserPassword("nobody", PASSWORD)
    await expect(refused).rejects.toBeInstanceOf(PostgresAdapterError)
    await expect(refused).rejects.toMatchObject({ code: "UserNotFound" })
    expect(await passwordRows(schema)).toBe(0)
    // Deleting a record nobody has is no error.
    await adapter.setUserPassword("nobody", null)
  })

  it("a record PostgreSQL cannot hold (NUL in a text, an invalid updatedAt) is refused before the query; a key with NUL reads as no record", async () => {
    const schema = await schemaBeforePasswords()
    const adapter = PostgresAdapter(pool, { schema })
    await adapter.migrate()
    await expect(adapter.setUserPassword("u1", { ...PASSWORD, hash: "a\0b" })).rejects.toThrow(TypeError)
    await expect(adapter.setUserPassword("u1", { ...PASSWORD, resetToken: "a\0b" })).rejects.toThrow(TypeError)
    await expect(adapter.setUserPassword("u1", { ...PASSWORD, updatedAt: new Date(Number.NaN) })).rejects.toThrow(TypeError)
    await expect(adapter.setUserPassword("u\0", PASSWORD)).rejects.toThrow(TypeError)
    expect(await passwordRows(schema)).toBe(0)
    expect(await adapter.getUserPassword("u\0")).toBeNull()
  })
})
