/**
 * What is particular to the SQLite adapter, beyond the conformance suite: the file and its settings, migration,
 * the one-statement hot path, single use across connections, and how constraint violations are reported.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { AdapterAccount } from "@gatehousejs/core"
import Database from "better-sqlite3"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { SCHEMA, SqliteAdapter, SqliteAdapterError, type SqliteAdapterInstance } from "../src/index.js"
import { compileAdapter, raceUseVerificationToken } from "./helpers/race.js"

let dir: string
const opened: { close(): void }[] = []

/** An adapter (or raw connection) closed after the test. */
function track<T extends { close(): unknown }>(resource: T): T {
  opened.push(resource)
  return resource
}

function user(overrides: { id?: string; email?: string } = {}): { id: string; email: string; emailVerified: null } {
  return { id: overrides.id ?? crypto.randomUUID(), email: overrides.email ?? `${crypto.randomUUID()}@example.com`, emailVerified: null }
}

function tableNames(db: Database.Database): string[] {
  return db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => row.name)
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "gatehouse-sqlite-"))
})
afterEach(() => {
  for (const resource of opened.splice(0)) resource.close()
  vi.restoreAllMocks()
  rmSync(dir, { recursive: true, force: true })
})

describe("schema and migrate", () => {
  it("the embedded schema is the shipped schema.sql", () => {
    expect(SCHEMA).toBe(readFileSync(new URL("../schema.sql", import.meta.url), "utf8"))
  })

  it("migrate twice on one adapter is a no-op the second time", async () => {
    const filename = join(dir, "db.sqlite")
    const adapter = track(SqliteAdapter({ filename }))
    adapter.migrate()
    const created = await adapter.createUser(user())
    adapter.migrate()
    expect(await adapter.getUser(created.id)).toMatchObject({ id: created.id })
  })

  it("migrate on an existing file keeps its rows, including a file created from schema.sql by other tools", async () => {
    const filename = join(dir, "db.sqlite")
    const external = new Database(filename)
    external.exec(readFileSync(new URL("../schema.sql", import.meta.url), "utf8"))
    external.prepare("INSERT INTO users (id, email) VALUES ('u1', 'a@example.com')").run()
    external.close()

    const first = SqliteAdapter({ filename })
    first.migrate()
    const created = await first.createUser(user())
    first.close()

    const second = track(SqliteAdapter({ filename }))
    second.migrate()
    expect(await second.getUser("u1")).toMatchObject({ email: "a@example.com", name: null, emailVerified: null })
    expect(await second.getUser(created.id)).toMatchObject({ id: created.id })
  })

  it("the first method call migrates a new file", async () => {
    const filename = join(dir, "db.sqlite")
    const adapter = track(SqliteAdapter({ filename }))
    expect(await adapter.getUser("nobody")).toBeNull()
    expect(tableNames(track(new Database(filename)))).toEqual([
      "account_refresh_state",
      "accounts",
      "authenticators",
      "rate_limits",
      "session_metadata",
      "session_revocations",
      "sessions",
      "user_passwords",
      "users",
      "verification_tokens",
    ])
  })
})

describe("the database file", () => {
  it("is gatehouse.sqlite in the working directory by default, created on first use and not before", async () => {
    const previous = process.cwd()
    process.chdir(dir)
    let adapter: SqliteAdapterInstance
    try {
      adapter = track(SqliteAdapter())
    } finally {
      process.chdir(previous)
    }
    // Resolved when created: moving the process elsewhere does not move the database.
    expect(existsSync(join(dir, "gatehouse.sqlite"))).toBe(false)
    await adapter.createUser(user())
    expect(existsSync(join(dir, "gatehouse.sqlite"))).toBe(true)
    expect(existsSync(join(previous, "gatehouse.sqlite"))).toBe(false)
  })

  it("is in WAL mode with foreign keys on", async () => {
    const filename = join(dir, "db.sqlite")
    const db = track(new Database(filename))
    const adapter = track(SqliteAdapter({ database: db }))
    adapter.migrate()
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal")
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1)
    expect(db.pragma("busy_timeout", { simple: true })).toBeGreaterThan(0)
    // WAL is a property of the file: another connection sees it too.
    expect(track(new Database(filename)).pragma("journal_mode", { simple: true })).toBe("wal")
  })

  it("enforces foreign keys: no session, account or authenticator for a user that does not exist", async () => {
    const adapter = track(SqliteAdapter({ filename: ":memory:" }))
    const expires = new Date(Date.now() + 60_000)
    await expect(adapter.createSession({ sessionToken: "t", userId: "ghost", expires })).rejects.toMatchObject({
      name: "SqliteAdapterError",
      code: "UserNotFound",
    })
    await expect(
      adapter.linkAccount({ userId: "ghost", type: "oauth", provider: "github", providerAccountId: "1" }),
    ).rejects.toMatchObject({ code: "UserNotFound" })
  })

  it(":memory: works and close() ends it; later calls fail with code Closed", async () => {
    const adapter = SqliteAdapter({ filename: ":memory:" })
    const created = await adapter.createUser(user())
    expect(await adapter.getUser(created.id)).not.toBeNull()
    adapter.close()
    await expect(adapter.getUser(created.id)).rejects.toMatchObject({ code: "Closed" })
  })

  it("close() leaves a database the application passed in open", async () => {
    const db = track(new Database(":memory:"))
    const adapter = SqliteAdapter({ database: db })
    await adapter.createUser(user())
    adapter.close()
    expect(db.open).toBe(true)
    expect(db.prepare("SELECT count(*) AS n FROM users").get()).toEqual({ n: 1 })
  })
})

describe("the hot path", () => {
  it("getSessionAndUser runs exactly one statement, prepared once for the adapter's life", async () => {
    const executed: string[] = []
    const db = track(new Database(join(dir, "db.sqlite"), { verbose: (sql) => executed.push(String(sql)) }))
    const adapter = track(SqliteAdapter({ database: db }))
    const created = await adapter.createUser(user())
    await adapter.createSession({ sessionToken: "token-1", userId: created.id, expires: new Date(Date.now() + 60_000) })
    const prepare = vi.spyOn(db, "prepare")
    executed.length = 0

    const found = await adapter.getSessionAndUser("token-1")
    await adapter.getSessionAndUser("token-1")

    expect(found?.user.id).toBe(created.id)
    expect(executed).toHaveLength(2)
    expect(executed[0]).toMatch(/FROM sessions s JOIN users u/)
    expect(prepare).not.toHaveBeenCalled()
  })
})

describe("single use across connections", () => {
  it("two adapter instances on one file: useVerificationToken returns the token exactly once", async () => {
    const filename = join(dir, "db.sqlite")
    const a = track(SqliteAdapter({ filename }))
    const b = track(SqliteAdapter({ filename }))
    const key = { identifier: "a@example.com", token: "hash" }
    await a.createVerificationToken({ ...key, expires: new Date(Date.now() + 60_000) })
    const results = await Promise.all([a.useVerificationToken(key), b.useVerificationToken(key)])
    expect(results.filter((result) => result !== null)).toHaveLength(1)
  })

  it("four worker threads racing for the same 50 tokens: each token is returned exactly once", async () => {
    const filename = join(dir, "db.sqlite")
    const adapter = track(SqliteAdapter({ filename }))
    const tokens = Array.from({ length: 50 }, (_, i) => ({ identifier: `user${i}@example.com`, token: crypto.randomUUID() }))
    for (const key of tokens) await adapter.createVerificationToken({ ...key, expires: new Date(Date.now() + 60_000) })

    const won = await raceUseVerificationToken({
      module: compileAdapter(join(dir, "compiled")),
      filename,
      workers: 4,
      tokens,
    })

    expect(won.flat().sort()).toEqual(tokens.map((key) => key.token).sort())
    expect(track(new Database(filename)).prepare("SELECT count(*) AS n FROM verification_tokens").get()).toEqual({ n: 0 })
  }, 30_000)
})

describe("values and constraints", () => {
  it("dates keep their milliseconds and come back as Date; credentialBackedUp comes back as a boolean", async () => {
    const adapter = track(SqliteAdapter({ filename: ":memory:" }))
    const emailVerified = new Date("2025-03-04T05:06:07.089Z")
    const created = await adapter.createUser({ ...user(), emailVerified })
    expect(created.emailVerified).toEqual(emailVerified)
    const authenticator = await adapter.createAuthenticator({
      credentialID: "c1",
      userId: created.id,
      providerAccountId: "c1",
      credentialPublicKey: "AAAA",
      counter: 0,
      credentialDeviceType: "multiDevice",
      credentialBackedUp: true,
    })
    expect(authenticator.credentialBackedUp).toBe(true)
    expect(authenticator.transports).toBeNull()
  })

  it("createUser uses the id it is given, and generates a UUID when there is none", async () => {
    const adapter = track(SqliteAdapter({ filename: ":memory:" }))
    expect((await adapter.createUser(user({ id: "given-id" }))).id).toBe("given-id")
    const generated = await adapter.createUser({ ...user(), id: "" })
    expect(generated.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it("createUser refuses a second user with the same e-mail (EmailInUse), but users without e-mail do not collide", async () => {
    const adapter = track(SqliteAdapter({ filename: ":memory:" }))
    await adapter.createUser(user({ email: "same@example.com" }))
    const error = await adapter.createUser(user({ email: "same@example.com" })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SqliteAdapterError)
    expect(error).toMatchObject({ code: "EmailInUse" })
    expect((error as Error).message).not.toContain("same@example.com")

    // The engine passes "" for an OAuth profile without an e-mail address.
    const first = await adapter.createUser(user({ email: "" }))
    const second = await adapter.createUser(user({ email: "" }))
    expect(first.email).toBeNull()
    expect(second.email).toBeNull()
  })

  it("linkAccount fails cleanly when the provider account is already linked", async () => {
    const adapter = track(SqliteAdapter({ filename: ":memory:" }))
    const a = await adapter.createUser(user())
    const b = await adapter.createUser(user())
    const account: AdapterAccount = { userId: a.id, type: "oauth", provider: "github", providerAccountId: "42" }
    await adapter.linkAccount(account)
    await expect(adapter.linkAccount({ ...account, userId: b.id })).rejects.toMatchObject({
      name: "SqliteAdapterError",
      code: "AccountAlreadyLinked",
      message: "This github account is already linked to a user.",
    })
    expect(await adapter.getUserByAccount(account)).toMatchObject({ id: a.id })
  })

  it("linkAccount stores the known token columns and ignores other fields a provider returned", async () => {
    const adapter = track(SqliteAdapter({ filename: ":memory:" }))
    const { id } = await adapter.createUser(user())
    const account = {
      userId: id,
      type: "oauth" as const,
      provider: "github",
      providerAccountId: "7",
      access_token: "at",
      expires_at: 1_900_000_000,
      refresh_token_expires_in: 15_897_600,
    }
    const { refresh_token_expires_in: _extra, ...stored } = account
    expect(await adapter.linkAccount(account)).toEqual(stored)
    expect(await adapter.getAccount("7", "github")).toEqual(stored)
  })

  it("updateUser with an unknown id and updateAuthenticatorCounter with an unknown credential reject with a code", async () => {
    const adapter = track(SqliteAdapter({ filename: ":memory:" }))
    await expect(adapter.updateUser({ id: "ghost", name: "x" })).rejects.toMatchObject({ code: "UserNotFound" })
    await expect(adapter.updateAuthenticatorCounter("ghost", 1)).rejects.toMatchObject({ code: "AuthenticatorNotFound" })
  })

  it("updateUser can clear a field with null and leaves undefined fields alone", async () => {
    const adapter = track(SqliteAdapter({ filename: ":memory:" }))
    const created = await adapter.createUser({ ...user(), name: "Ann", image: "https://example.com/a.png" })
    const updated = await adapter.updateUser({ id: created.id, name: null, image: undefined })
    expect(updated).toMatchObject({ name: null, image: "https://example.com/a.png", email: created.email })
  })

  it("useVerificationToken without an identifier (a link that lacks the e-mail) consumes nothing", async () => {
    const adapter = track(SqliteAdapter({ filename: ":memory:" }))
    await adapter.createVerificationToken({ identifier: "a@example.com", token: "t", expires: new Date(Date.now() + 60_000) })
    expect(await adapter.useVerificationToken({ identifier: undefined as unknown as string, token: "t" })).toBeNull()
    expect(await adapter.useVerificationToken({ identifier: "a@example.com", token: "t" })).not.toBeNull()
  })
})
