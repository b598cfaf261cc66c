/**
 * End to end through the core engine: `Auth()` with `PostgresAdapter` and the database session strategy (the default
 * with an adapter), a credentials sign-in (a real session row: docs/design.md#credentials-with-database-sessions),
 * `/session`, sign-out, and the store going down (docs/design.md#session-store-outage: `/session` answers 503 `null`
 * and keeps the cookie).
 */
import { randomUUID } from "node:crypto"
import { POSTGRES_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import type { AdapterUser, AuthConfig, LoggerInstance } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BASE, Browser, SECRET } from "../../core/test/helpers/auth.js"
import { PostgresAdapter } from "../src/index.js"

const up = await serviceAvailable("PostgreSQL")
const SCHEMA = "gatehouse_pg_session_flow"
const SESSION_COOKIE = "__Secure-authjs.session-token"
const PASSWORD = "correct horse battery staple"

describe.skipIf(!up)("Auth() with PostgresAdapter (database sessions)", () => {
  const admin = new pg.Pool({ connectionString: POSTGRES_URL, max: 2 })
  let alice: AdapterUser

  beforeAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`)
    const setup = PostgresAdapter(admin, { schema: SCHEMA })
    await setup.migrate()
    alice = await setup.createUser({ id: randomUUID(), name: "Alice", email: `alice-${randomUUID()}@example.com`, emailVerified: null, image: null })
  })
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`)
    await admin.end()
  })

  /** A config whose credentials provider signs in `alice` (already in the database) with `PASSWORD`. */
  function config(pool: pg.Pool, errors: unknown[] = []): AuthConfig {
    const logger: Partial<LoggerInstance> = { error: (error) => errors.push(error) }
    return {
      secret: SECRET,
      trustHost: true,
      basePath: BASE,
      adapter: PostgresAdapter(pool, { schema: SCHEMA }),
      logger,
      providers: [
        Credentials({
          credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
          authorize: ({ username, password }) => (username === "alice" && password === PASSWORD ? alice : null),
        }),
      ],
    }
  }

  async function sessionRows(): Promise<{ sessionToken: string; userId: string }[]> {
    const { rows } = await admin.query<{ sessionToken: string; userId: string }>(
      `SELECT "sessionToken", "userId" FROM ${SCHEMA}.sessions WHERE "userId" = $1`,
      [alice.id],
    )
    return rows
  }

  it("credentials sign-in writes a session row, /session returns the user, sign-out deletes the row", async () => {
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 4 })
    try {
      const browser = new Browser(config(pool))
      const signIn = await browser.signIn("alice", PASSWORD)
      expect(signIn.status).toBe(302)
      const token = browser.jar.get(SESSION_COOKIE)
      expect(token, "session cookie").toBeTruthy()
      expect(await sessionRows()).toContainEqual({ sessionToken: token, userId: alice.id })

      const session = (await browser.session()) as { user: { name: string; email: string }; expires: string } | null
      expect(session?.user).toMatchObject({ name: "Alice", email: alice.email })
      expect(new Date(session!.expires).getTime()).toBeGreaterThan(Date.now())

      const signOut = await browser.request("/signout", { body: { csrfToken: await browser.csrfToken() } })
      expect(signOut.status).toBe(302)
      expect(browser.jar.has(SESSION_COOKIE), "session cookie after sign-out").toBe(false)
      expect((await sessionRows()).map((r) => r.sessionToken)).not.toContain(token)

      // Replaying the old cookie finds no row.
      const replay = await browser.request("/session", { headers: { cookie: `${SESSION_COOKIE}=${token}` } })
      expect(replay.status).toBe(200)
      expect(await replay.json()).toBeNull()
    } finally {
      await pool.end()
    }
  })

  it("a wrong password writes no session row", async () => {
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 2 })
    try {
      const before = (await sessionRows()).length
      const browser = new Browser(config(pool))
      await browser.signIn("alice", "wrong password")
      expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
      expect((await sessionRows()).length).toBe(before)
    } finally {
      await pool.end()
    }
  })

  it("a session older than updateAge is extended in the row and the cookie", async () => {
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 2 })
    try {
      const browser = new Browser({ ...config(pool), session: { maxAge: 3600, updateAge: 0 } })
      await browser.signIn("alice", PASSWORD)
      const token = browser.jar.get(SESSION_COOKIE)!
      const past = new Date(Date.now() + 60_000)
      await admin.query(`UPDATE ${SCHEMA}.sessions SET expires = $2 WHERE "sessionToken" = $1`, [token, past])

      const response = await browser.request("/session")
      expect(response.status).toBe(200)
      expect(response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=${token};`))).toBe(true)
      const { rows } = await admin.query<{ expires: Date }>(`SELECT expires FROM ${SCHEMA}.sessions WHERE "sessionToken" = $1`, [token])
      expect(rows[0]!.expires.getTime()).toBeGreaterThan(Date.now() + 3000_000)
    } finally {
      await pool.end()
    }
  })

  it("with the store down, sign-in ends on the error page and sets no session cookie (DB-08)", async () => {
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 2 })
    const browser = new Browser(config(pool))
    await browser.csrfToken()
    await pool.end()
    const response = await browser.signIn("alice", PASSWORD)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toMatch(/\/error\?error=Configuration$/)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("with the store down, /session answers 503 null, keeps the cookie, and logs SessionTokenError", async () => {
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 2 })
    const errors: unknown[] = []
    const browser = new Browser(config(pool, errors))
    await browser.signIn("alice", PASSWORD)
    const token = browser.jar.get(SESSION_COOKIE)
    expect(token).toBeTruthy()
    expect(await browser.session()).not.toBeNull()

    await pool.end() // the adapter's store is gone

    const response = await browser.request("/session")
    expect(response.status).toBe(503)
    expect(await response.json()).toBeNull()
    expect(response.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`)), "Set-Cookie for the session").toEqual([])
    expect(browser.jar.get(SESSION_COOKIE)).toBe(token)
    expect(errors.map((e) => (e as { name?: string }).name)).toContain("SessionTokenError")
    // The session row is untouched, and the same cookie works again once the store is back (a new pool).
    expect((await sessionRows()).map((r) => r.sessionToken)).toContain(token)
    const back = new pg.Pool({ connectionString: POSTGRES_URL, max: 2 })
    try {
      const same = new Browser(config(back))
      for (const [name, value] of browser.jar) same.jar.set(name, value)
      expect(((await same.session()) as { user?: { email?: string } } | null)?.user?.email).toBe(alice.email)
    } finally {
      await back.end()
    }
  })
})
