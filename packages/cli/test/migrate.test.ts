/**
 * `npx gatehousejs migrate`, run as users run it (the bin as a child process in a scratch project): the dry run
 * prints the adapters' own SQL and touches nothing; the real run creates the tables in PostgreSQL (a fresh schema of
 * its own, dropped after) and in a SQLite file, and again without harm; a database that cannot be reached is one
 * line and exit code 1, never a password.
 */
import { randomUUID } from "node:crypto"
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { POSTGRES_URL, REDIS_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import { SCHEMA_SQL } from "@gatehousejs/pg-adapter"
import { OLDER_COLUMNS_SQL, SCHEMA } from "@gatehousejs/sqlite-adapter"
import Database from "better-sqlite3"
import { Redis } from "ioredis"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { scratchInstall, type ScratchInstall } from "./helpers/scratch-install.js"

const up = await serviceAvailable("PostgreSQL")
const redisUp = await serviceAvailable("Redis")

let install: ScratchInstall
beforeAll(() => {
  install = scratchInstall()
})
afterAll(() => install.remove())

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
const SQLITE_TABLES = TABLES.filter((table) => table !== "authenticator_registrations").map((table) =>
  table === "verification_token" ? "verification_tokens" : table,
)
const noStack = /\n\s+at /

describe("migrate --dry-run", () => {
  it("prints what the PostgreSQL adapter's migrate() sends, schema.sql included, with the password masked, and connects to nothing", async () => {
    const project = install.project()
    // Port 1 refuses connections: had the dry run tried to connect, it would have failed.
    const { status, stdout, stderr } = await install.run(project, ["migrate", "--dry-run"], { DATABASE_URL: "postgres://app:hunter2-secret@127.0.0.1:1/app" })
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" })
    expect(stdout).toContain("postgres://app:****@127.0.0.1:1/app")
    expect(stdout).not.toContain("hunter2")
    expect(stdout).toContain("BEGIN;\nSELECT pg_advisory_xact_lock(hashtextextended('@gatehousejs/pg-adapter migrate public', 0));")
    expect(stdout).toContain('SET LOCAL search_path TO "public";')
    expect(stdout).not.toMatch(/^CREATE SCHEMA/m) // public exists on every database
    expect(stdout).toContain(SCHEMA_SQL.trim())
    expect(stdout.trimEnd().endsWith("COMMIT;")).toBe(true)
  })

  it("with --schema, the schema is created first when missing, and the identifier is quoted", async () => {
    const { status, stdout } = await install.run(install.project(), ["migrate", "--dry-run", "--schema", 'auth"x', "--database", "postgresql://localhost/app"])
    expect(status).toBe(0)
    expect(stdout).toContain(`SELECT 1 FROM pg_namespace WHERE nspname = 'auth"x';\nCREATE SCHEMA "auth""x";\nSET LOCAL search_path TO "auth""x";`)
  })

  it("prints the SQLite adapter's schema for a file: URL, and the file does not exist afterwards", async () => {
    const project = install.project()
    const { status, stdout, stderr } = await install.run(project, ["migrate", "--dry-run", "--database", "file:./data/app.sqlite"])
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" })
    expect(stdout).toContain(join(project, "data", "app.sqlite"))
    expect(stdout).toContain(`BEGIN IMMEDIATE;\n${SCHEMA.trim()}\n`)
    expect(stdout.endsWith("COMMIT;\n")).toBe(true)
    // What a file from an older Gatehouse also gets, shown as comments so that the printed SQL runs on any file.
    for (const line of OLDER_COLUMNS_SQL.split("\n")) expect(stdout).toContain(`-- ${line}\n`)
    expect(readdirSync(project)).toEqual([])
  })

  it("reads DATABASE_URL from .env.local before .env, and a variable already set wins over both", async () => {
    const project = install.project({ ".env": "DATABASE_URL=file:from-env.db\n", ".env.local": "DATABASE_URL=file:from-env-local.db\n" })
    expect((await install.run(project, ["migrate", "--dry-run"])).stdout).toContain("from-env-local.db")
    expect((await install.run(project, ["migrate", "--dry-run"], { DATABASE_URL: "shell.sqlite3" })).stdout).toContain(join(project, "shell.sqlite3"))
  })

  it("the printed SQL is the schema the real migration creates: run in SQLite, it makes the adapter's tables", async () => {
    const { stdout } = await install.run(install.project(), ["migrate", "--dry-run", "--database", "x.db"])
    const db = new Database(":memory:")
    db.exec(stdout)
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()
    db.close()
    expect(tables).toEqual(SQLITE_TABLES)
  })
})

describe("migrate on SQLite", () => {
  it("creates the tables in a new file, and a second run changes nothing and succeeds", async () => {
    const project = install.project()
    for (let i = 0; i < 2; i++) {
      const { status, stdout, stderr } = await install.run(project, ["migrate", "--database", "app.db"])
      expect({ status, stderr }).toEqual({ status: 0, stderr: "" })
      expect(stdout).toBe(`The Gatehouse tables are in place in ${join(project, "app.db")} (SQLite).\n`)
    }
    const db = new Database(join(project, "app.db"), { readonly: true })
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()
    db.close()
    expect(tables).toEqual(SQLITE_TABLES)
  })

  it("a file in a directory that does not exist is one line naming it, exit code 1", async () => {
    const project = install.project()
    const { status, stdout, stderr } = await install.run(project, ["migrate", "--database", "file:missing/app.db"])
    expect({ status, stdout }).toEqual({ status: 1, stdout: "" })
    expect(stderr).toMatch(/^gatehousejs migrate: could not migrate the SQLite file .*missing\/app\.db: .+\n$/)
    expect(existsSync(join(project, "missing"))).toBe(false)
  })
})

describe.skipIf(!up)("migrate on PostgreSQL", () => {
  const schema = `gatehousejs_cli_${randomUUID().replace(/-/g, "")}`
  const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 1 })
  afterAll(async () => {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await pool.end()
  })

  it("creates the schema and its tables in a fresh schema; running it twice is fine", async () => {
    const project = install.project()
    for (let i = 0; i < 2; i++) {
      const { status, stdout, stderr } = await install.run(project, ["migrate", "--schema", schema], { DATABASE_URL: POSTGRES_URL })
      expect({ status, stderr }).toEqual({ status: 0, stderr: "" })
      expect(stdout).toContain(`The Gatehouse tables are in place in ${POSTGRES_URL.replace(/:[^:@/]*@/, ":****@")}, schema "${schema}".`)
    }
    const { rows } = await pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name",
      [schema],
    )
    expect(rows.map((row) => row.table_name)).toEqual(TABLES)
  })
})

describe.skipIf(!redisUp)("migrate on Redis", () => {
  // The CLI migrates the adapter's default prefix, shared with anything else on this server: the test's keys carry
  // a random token, and only they are looked at and deleted.
  const token = `cli-test-${randomUUID()}`
  const [sessionKey, metadataKey] = [`gatehouse:session:${token}`, `gatehouse:session-metadata:${token}`]
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 })
  beforeAll(() => client.connect())
  afterAll(async () => {
    await client.del(sessionKey, metadataKey)
    await client.quit()
  })

  it("moves an older Gatehouse's session metadata out of the record; a second run moves nothing more", async () => {
    const older = { sessionToken: token, userId: "u1", expires: "2100-01-01T00:00:00.000Z", createdAt: "2026-01-01T00:00:00.000Z", ip: "192.0.2.1" }
    await client.set(sessionKey, JSON.stringify(older), "PX", 60_000)
    const project = install.project()
    const first = await install.run(project, ["migrate", "--database", REDIS_URL])
    expect({ status: first.status, stderr: first.stderr }).toEqual({ status: 0, stderr: "" })
    expect(first.stdout).toMatch(/records moved to Gatehouse's own keys: [1-9]\d* sessions/)
    expect(JSON.parse((await client.get(sessionKey))!)).toEqual({ sessionToken: token, userId: "u1", expires: "2100-01-01T00:00:00.000Z" })
    expect(JSON.parse((await client.get(metadataKey))!)).toEqual({ createdAt: "2026-01-01T00:00:00.000Z", ip: "192.0.2.1" })
    const second = await install.run(project, ["migrate", "--database", REDIS_URL])
    expect(second.status).toBe(0)
    expect(JSON.parse((await client.get(metadataKey))!)).toEqual({ createdAt: "2026-01-01T00:00:00.000Z", ip: "192.0.2.1" })
  })
})

describe("migrate failures are one line, exit code 1, without a stack or a password", () => {
  it("an unreachable port", async () => {
    const { status, stdout, stderr } = await install.run(install.project(), ["migrate", "--database", "postgres://app:hunter2-secret@127.0.0.1:1/app"])
    expect({ status, stdout }).toEqual({ status: 1, stdout: "" })
    expect(stderr).toBe("gatehousejs migrate: could not connect to PostgreSQL at 127.0.0.1:1: connection refused. Is the server running, on that port?\n")
  })

  it("a URL that is not a database, a missing DATABASE_URL, --schema for SQLite", async () => {
    const cases: [string[], RegExp][] = [
      [["migrate", "--database", "mysql://root:hunter2-secret@localhost/app"], /^gatehousejs migrate: mysql:\/\/root:\*\*\*\*@localhost\/app is not a database this command knows: .+\n$/],
      [["migrate"], /^gatehousejs migrate: no database: pass --database <url>, or set DATABASE_URL .+\n$/],
      [["migrate", "--database", "app.db", "--schema", "auth"], /^gatehousejs migrate: --schema only applies to PostgreSQL\.\n$/],
      [["migrate", "--bogus"], /^gatehousejs migrate: Unknown option '--bogus'/],
    ]
    for (const [args, message] of cases) {
      const { status, stderr } = await install.run(install.project(), args)
      expect(status).not.toBe(0)
      expect(stderr).toMatch(message)
      expect(stderr).not.toContain("hunter2")
      expect(stderr).not.toMatch(noStack)
    }
  })

  it("a bad PostgreSQL URL", async () => {
    const { status, stderr } = await install.run(install.project(), ["migrate", "--database", "postgres://app:hunter2-secret@127.0.0.1:notaport/app"])
    expect(status).toBe(1)
    expect(stderr).toMatch(/^gatehousejs migrate: [^\n]+\n$/)
    expect(stderr).not.toContain("hunter2")
  })

  it("a schema name PostgreSQL cannot store is refused by the adapter before any connection", async () => {
    const { status, stderr } = await install.run(install.project(), ["migrate", "--dry-run", "--database", "postgres://localhost/app", "--schema", "x".repeat(64)])
    expect(status).toBe(1)
    expect(stderr).toMatch(/^gatehousejs migrate: The schema name "x+" is not a valid PostgreSQL identifier .+\n$/)
  })

  it("redis:// --dry-run says what the Redis adapter's migrate() would move, with the password masked, and connects to nothing", async () => {
    const { status, stdout, stderr } = await install.run(install.project(), ["migrate", "--dry-run", "--database", "redis://:hunter2-secret@127.0.0.1:1"])
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" })
    expect(stdout).toContain("redis://:****@127.0.0.1:1")
    expect(stdout).not.toContain("hunter2")
    expect(stdout).toContain("gatehouse:session-metadata:<token>")
    expect(stdout).toContain("gatehouse:account-refresh:<provider>:<providerAccountId>")
  })
})

describe("an adapter that is not installed", () => {
  it("names the npm install line that adds it, exit code 1", async () => {
    const cliOnly = scratchInstall({ with: [] })
    try {
      const project = cliOnly.project()
      const pgRun = await cliOnly.run(project, ["migrate", "--dry-run", "--database", "postgres://localhost/app"])
      expect(pgRun).toEqual({
        status: 1,
        stdout: "",
        stderr: "gatehousejs migrate: @gatehousejs/pg-adapter is not installed in this project. Add it with: npm install @gatehousejs/pg-adapter\n",
      })
      const sqliteRun = await cliOnly.run(project, ["migrate", "--database", "file:app.db"])
      expect(sqliteRun.stderr).toBe(
        "gatehousejs migrate: @gatehousejs/sqlite-adapter is not installed in this project. Add it with: npm install @gatehousejs/sqlite-adapter\n",
      )
      expect(readdirSync(project)).toEqual([])
    } finally {
      cliOnly.remove()
    }
  })
})
