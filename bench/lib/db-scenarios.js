/**
 * Database session checks: `GET /auth/session` with a `database`-strategy session cookie (the cookie holds an opaque
 * session token; the adapter holds the session and its user).
 *
 * - `db-session-pg`: Gatehouse + `@gatehousejs/pg-adapter` (schema `gatehouse_bench`, made by its `migrate()`) against
 *   `@auth/core` + `@auth/pg-adapter` (schema `authjs_bench`, the four tables of its documented `schema.sql`, SERIAL
 *   ids, reached through `search_path`). Each side has its own `pg.Pool` of the same size (`BENCH_PG_POOL`). Design
 *   §6: one round trip per check, ≥ 2× Auth.js. Queries per check are counted on the pool's clients.
 * - `db-session-redis`, `db-session-sqlite`: Gatehouse alone (this repository has no Auth.js counterpart to run) —
 *   ops/s and latency for information.
 * - PostgreSQL and Redis also run a driver floor alongside (`PG_FLOOR`, `REDIS_FLOOR`): the round trip alone, sent
 *   straight through the driver, so the table shows how much of a check is the store and how much is Gatehouse.
 *
 * Both libraries get the same `secret`, `trustHost`, `basePath` and one GitHub OAuth provider (never called: Auth.js
 * refuses the `database` strategy when Credentials is the only provider), `session: { strategy: "database" }` with the
 * default `maxAge`/`updateAge`. One user and one session are written up front through each adapter, the session
 * expiring one `maxAge` from now — a day inside `updateAge`, so no check extends it: the timed path is a pure read.
 *
 * Each scenario first probes its service over TCP (`unavailable`): a server that does not answer, or an adapter
 * package that is not built, skips the scenario with a notice. Drivers are imported only then, so a missing service
 * costs nothing. Every scenario removes what it wrote (schemas, keys, temp file) in `close()`.
 */
import assert from "node:assert/strict"
import { randomUUID } from "node:crypto"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Auth as GatehouseAuth } from "@gatehousejs/core"
import GatehouseGitHub from "@gatehousejs/core/providers/github"
import { Auth as AuthjsAuth } from "@auth/core"
import AuthjsGitHub from "@auth/core/providers/github"
import { BASE_PATH, SECRET, SESSION_COOKIE, USER, url } from "./fixtures.js"
import { tcpProbe } from "./probe.js"
import { AUTHJS, GATEHOUSE, expectSession, fail } from "./scenarios.js"

const root = new URL("../../", import.meta.url)

/** Session lifetime both libraries default to (30 days), in ms. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
/** Checks counted for "queries per check". */
const COUNTED_CHECKS = 100

/** The driver floors: the store's round trip alone, issued straight through the driver, result discarded. */
export const PG_FLOOR = "raw pg JOIN"
export const REDIS_FLOOR = "raw Redis GET"

const GATEHOUSE_PG_SCHEMA = "gatehouse_bench"
const AUTHJS_PG_SCHEMA = "authjs_bench"
const REDIS_PREFIX = "gatehouse-bench:"

/** `@auth/pg-adapter`'s documented schema (reference/authjs-behaviour.md §7.4), in schema `s`. */
function authjsPgSchema(s) {
  return `
    CREATE TABLE ${s}.verification_token (
      identifier TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL, token TEXT NOT NULL, PRIMARY KEY (identifier, token));
    CREATE TABLE ${s}.accounts (
      id SERIAL, "userId" INTEGER NOT NULL, type VARCHAR(255) NOT NULL, provider VARCHAR(255) NOT NULL,
      "providerAccountId" VARCHAR(255) NOT NULL, refresh_token TEXT, access_token TEXT, expires_at BIGINT, id_token TEXT,
      scope TEXT, session_state TEXT, token_type TEXT, PRIMARY KEY (id));
    CREATE TABLE ${s}.sessions (
      id SERIAL, "userId" INTEGER NOT NULL, expires TIMESTAMPTZ NOT NULL, "sessionToken" VARCHAR(255) NOT NULL,
      PRIMARY KEY (id));
    CREATE TABLE ${s}.users (
      id SERIAL, name VARCHAR(255), email VARCHAR(255), "emailVerified" TIMESTAMPTZ, image TEXT, PRIMARY KEY (id));`
}

/** The same options for both libraries, with `adapter` and the database strategy. */
function dbOptions(GitHub, adapter) {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    adapter,
    session: { strategy: "database" },
    providers: [GitHub({ clientId: "gatehouse-bench-client", clientSecret: "gatehouse-bench-client-secret" })],
  }
}

function gatehouseHandler(adapter) {
  const config = dbOptions(GatehouseGitHub, adapter)
  return (request) => GatehouseAuth(request, config)
}

function authjsHandler(adapter) {
  const config = dbOptions(AuthjsGitHub, adapter)
  return (request) => AuthjsAuth(request, config)
}

/** The user both stores get (Auth.js's pg adapter ignores `id`: SERIAL). */
function newUser() {
  return { id: randomUUID(), name: USER.name, email: USER.email, emailVerified: null, image: null }
}

/** A session row for `userId`, one `maxAge` from now (Auth.js's default token: a UUID). */
function newSession(userId) {
  return { sessionToken: randomUUID(), userId, expires: new Date(Date.now() + MAX_AGE_MS) }
}

export function builtOrMissing(pkg, file) {
  return existsSync(fileURLToPath(new URL(file, root))) ? undefined : `${pkg} is not built (${file} missing): run \`npm run build\``
}

/** `{ host, port }` of a `postgres://` / `redis://` URL (defaults when absent). */
function hostPort(raw, defaultPort) {
  const u = new URL(raw)
  return { host: u.hostname || "127.0.0.1", port: Number(u.port || defaultPort) }
}

export async function probeReason(service, raw, defaultPort) {
  const { host, port } = hostPort(raw, defaultPort)
  return (await tcpProbe(host, port)) ? undefined : `${service} at ${host}:${port} does not answer`
}

/**
 * Runs `setup(track)`; `track(closeFn)` registers a cleanup. If setup throws, every registered cleanup runs (latest
 * first) before the error propagates, so a half-prepared scenario leaves no pool or socket keeping the process alive.
 * Returns setup's result with `close()` running the same cleanups.
 */
export async function withCleanup(setup) {
  const closers = []
  const close = async () => {
    while (closers.length) {
      try {
        await closers.pop()()
      } catch (error) {
        console.error(`bench: cleanup failed: ${error.message}`)
      }
    }
  }
  try {
    const prepared = await setup((fn) => closers.push(fn))
    return { ...prepared, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** The `GET /auth/session` op of one contender (status checked; body read with BENCH_READ_BODY=1). */
function sessionOp(name, handler, request, readBody) {
  return readBody
    ? async () => {
        const response = await handler(request())
        if (response.status !== 200) fail(name, `status ${response.status}`)
        await response.text()
      }
    : async () => {
        const response = await handler(request())
        if (response.status !== 200) fail(name, `status ${response.status}`)
      }
}

/** `{ request(), handlers... }` plumbing shared by the three scenarios: one cookie per contender. */
function requestFor(sessionToken) {
  const cookie = `${SESSION_COOKIE}=${sessionToken}`
  const sessionUrl = url("/session")
  return () => new Request(sessionUrl, { headers: { cookie } })
}

/** Runs `n` checks of `op` with `counter.on`, returning `counter`'s counts per check. */
export async function countPerCheck(op, counter, n = COUNTED_CHECKS) {
  counter.reset()
  counter.on = true
  try {
    for (let i = 0; i < n; i++) await op()
  } finally {
    counter.on = false
  }
  return Object.fromEntries(Object.entries(counter.counts).map(([k, v]) => [k, v / n]))
}

const WRITE = /^\s*(insert|update|delete|merge)\b/i

/**
 * A `pg.Pool` whose clients count the statements they send while `counter.on` (each `client.query` is one round
 * trip: pg sends Parse/Bind/Describe/Execute/Sync in one write), and which of them write. Off, the cost is one
 * property test per query, the same for both contenders.
 */
export function countingPool(pg, options) {
  const counter = {
    on: false,
    counts: { queries: 0, writes: 0 },
    reset() {
      this.counts = { queries: 0, writes: 0 }
    },
  }
  const pool = new pg.Pool(options)
  pool.on("connect", (client) => {
    const query = client.query
    client.query = function countedQuery(config, ...rest) {
      if (counter.on) {
        counter.counts.queries++
        if (WRITE.test(typeof config === "string" ? config : (config?.text ?? ""))) counter.counts.writes++
      }
      return query.call(this, config, ...rest)
    }
  })
  // An idle client's error (server restart) must not crash the run as an unhandled 'error' event.
  pool.on("error", (error) => console.error(`bench: idle PostgreSQL client error: ${error.message}`))
  return { pool, counter }
}

/**
 * A connected ioredis client with no keys under `prefix`; on close the keys are removed again and the client quits.
 */
export async function redisClient(settings, prefix, track) {
  const { Redis } = await import("ioredis")
  const client = new Redis(settings.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  client.on("error", () => {}) // reported by the failing command instead
  await client.connect()
  track(() => client.quit())
  const removeKeys = async () => {
    const keys = []
    for await (const batch of client.scanStream({ match: `${prefix}*`, count: 500 })) keys.push(...batch)
    if (keys.length) await client.del(...keys)
  }
  await removeKeys()
  track(removeKeys)
  return client
}

/** Validation shared by the scenarios: each contender returns USER's session; with `counters`, no writes. */
async function validateSessions(handlerOf, requestOf, counters = {}) {
  const bodies = {}
  for (const [name, handler] of Object.entries(handlerOf)) {
    const counter = counters[name]
    if (counter) {
      counter.reset()
      counter.on = true
    }
    try {
      bodies[name] = await expectSession(name, await handler(requestOf[name]()))
    } finally {
      if (counter) counter.on = false
    }
    if (counter && counter.counts.writes > 0) {
      fail(name, `a session check inside updateAge wrote to the database (${counter.counts.writes} writes)`)
    }
  }
  const names = Object.keys(bodies)
  for (const other of names.slice(1)) {
    assert.deepEqual(bodies[other].user, bodies[names[0]].user, `${names[0]} and ${other} return different users`)
  }
  return bodies
}

/** `db-session-pg`. */
function pgScenario() {
  return (settings) =>
    withCleanup(async (track) => {
      const { default: pg } = await import("pg")
      const { PostgresAdapter } = await import("@gatehousejs/pg-adapter")
      const { default: AuthjsPostgresAdapter } = await import("@auth/pg-adapter")
      const connectionString = settings.pgUrl

      // Fresh schemas on a separate admin connection; dropped again in close().
      const admin = new pg.Client({ connectionString })
      await admin.connect()
      track(() => admin.end())
      const dropSchemas = () =>
        admin.query(`DROP SCHEMA IF EXISTS ${GATEHOUSE_PG_SCHEMA} CASCADE; DROP SCHEMA IF EXISTS ${AUTHJS_PG_SCHEMA} CASCADE`)
      await dropSchemas()
      track(dropSchemas)
      await admin.query(`CREATE SCHEMA ${AUTHJS_PG_SCHEMA}; ${authjsPgSchema(AUTHJS_PG_SCHEMA)}`)

      const max = settings.pgPoolSize
      const gh = countingPool(pg, { connectionString, max })
      track(() => gh.pool.end())
      // @auth/pg-adapter names its tables unqualified: its pool's connections get search_path set at start-up.
      const aj = countingPool(pg, { connectionString, max, options: `-c search_path=${AUTHJS_PG_SCHEMA}` })
      track(() => aj.pool.end())

      const ghAdapter = PostgresAdapter(gh.pool, { schema: GATEHOUSE_PG_SCHEMA })
      await ghAdapter.migrate()
      const ghUser = await ghAdapter.createUser(newUser())
      const ghSession = await ghAdapter.createSession(newSession(ghUser.id))

      const ajAdapter = AuthjsPostgresAdapter(aj.pool)
      const { id: _ignored, ...ajNewUser } = newUser()
      const ajUser = await ajAdapter.createUser(ajNewUser)
      const ajSession = await ajAdapter.createSession(newSession(ajUser.id))

      const handlerOf = { [GATEHOUSE]: gatehouseHandler(ghAdapter), [AUTHJS]: authjsHandler(ajAdapter) }
      const requestOf = { [GATEHOUSE]: requestFor(ghSession.sessionToken), [AUTHJS]: requestFor(ajSession.sessionToken) }
      const counterOf = { [GATEHOUSE]: gh.counter, [AUTHJS]: aj.counter }
      const opOf = Object.fromEntries(
        Object.keys(handlerOf).map((name) => [name, sessionOp(name, handlerOf[name], requestOf[name], settings.readBody)]),
      )

      // The floor: the statement Gatehouse's adapter sends (same JOIN, same pool, prepared under another name),
      // without Auth() around it — what a session check costs in round trip and driver alone.
      const floorQuery = {
        name: "gatehouse_bench_floor_join",
        text: `SELECT s."sessionToken", s."userId", s.expires,
            u.name AS user_name, u.email AS user_email, u."emailVerified" AS "user_emailVerified", u.image AS user_image
          FROM ${GATEHOUSE_PG_SCHEMA}.sessions s JOIN ${GATEHOUSE_PG_SCHEMA}.users u ON u.id = s."userId" WHERE s."sessionToken" = $1`,
        values: [ghSession.sessionToken],
      }
      const floorOp = async () => {
        const { rows } = await gh.pool.query(floorQuery)
        if (rows.length !== 1) fail(PG_FLOOR, `returned ${rows.length} rows`)
      }

      return {
        async validate() {
          await validateSessions(handlerOf, requestOf, counterOf)
          await floorOp()
        },
        contenders: [...Object.entries(opOf).map(([name, op]) => ({ name, op })), { name: PG_FLOOR, op: floorOp }],
        async report() {
          const perCheck = {}
          for (const name of Object.keys(opOf)) perCheck[name] = await countPerCheck(opOf[name], counterOf[name])
          for (const [name, c] of Object.entries(perCheck)) {
            if (c.writes > 0) fail(name, `session checks inside updateAge wrote to the database (${c.writes} writes per check)`)
          }
          const q = perCheck[GATEHOUSE].queries
          return {
            notes: [
              `queries (round trips) per check over ${COUNTED_CHECKS} checks: Gatehouse ${q.toFixed(2)} ` +
                `(target 1: ${q === 1 ? "PASS" : "FAIL"}), Auth.js ${perCheck[AUTHJS].queries.toFixed(2)}; writes per check: 0 and 0`,
              `pool size ${max} each (one check at a time, so one connection in use)`,
            ],
            data: { queriesPerCheck: perCheck, poolSize: max },
          }
        },
      }
    })
}

/** `db-session-redis`: Gatehouse + `@gatehousejs/redis-adapter` (ioredis), keys under `gatehouse-bench:`. */
function redisScenario() {
  return (settings) =>
    withCleanup(async (track) => {
      const { RedisAdapter, keyLayout } = await import("@gatehousejs/redis-adapter")
      const client = await redisClient(settings, REDIS_PREFIX, track)

      // Commands sent while counting (EVALSHA is one round trip; a NOSCRIPT fallback would add an EVAL).
      const counter = {
        on: false,
        counts: { commands: 0, writes: 0 },
        reset() {
          this.counts = { commands: 0, writes: 0 }
        },
      }
      const sendCommand = client.sendCommand
      client.sendCommand = function countedSendCommand(command, ...rest) {
        if (counter.on) counter.counts.commands++
        return sendCommand.call(this, command, ...rest)
      }

      const adapter = RedisAdapter(client, { prefix: REDIS_PREFIX })
      const user = await adapter.createUser(newUser())
      const session = await adapter.createSession(newSession(user.id))
      const handlerOf = { [GATEHOUSE]: gatehouseHandler(adapter) }
      const requestOf = { [GATEHOUSE]: requestFor(session.sessionToken) }
      const op = sessionOp(GATEHOUSE, handlerOf[GATEHOUSE], requestOf[GATEHOUSE], settings.readBody)
      // The floor: one plain round trip reading the session's key (the adapter's EVALSHA also reads the user).
      const sessionKey = keyLayout(REDIS_PREFIX).session(session.sessionToken)
      const floorOp = async () => {
        if ((await client.get(sessionKey)) === null) fail(REDIS_FLOOR, `${sessionKey} is missing`)
      }
      return {
        async validate() {
          await validateSessions(handlerOf, requestOf)
          await floorOp()
        },
        contenders: [
          { name: GATEHOUSE, op },
          { name: REDIS_FLOOR, op: floorOp },
        ],
        async report() {
          const c = await countPerCheck(op, counter)
          return {
            notes: [`Redis commands (round trips) per check over ${COUNTED_CHECKS} checks: Gatehouse ${c.commands.toFixed(2)}`],
            data: { commandsPerCheck: c.commands },
          }
        },
      }
    })
}

/** `db-session-sqlite`: Gatehouse + `@gatehousejs/sqlite-adapter` on a database file in a fresh temp directory. */
function sqliteScenario() {
  return (settings) =>
    withCleanup(async (track) => {
      const { SqliteAdapter } = await import("@gatehousejs/sqlite-adapter")
      const dir = mkdtempSync(join(tmpdir(), "gatehouse-bench-sqlite-"))
      track(() => rmSync(dir, { recursive: true, force: true }))
      const filename = join(dir, "bench.sqlite")
      const adapter = SqliteAdapter({ filename })
      track(() => adapter.close())
      adapter.migrate()
      const user = await adapter.createUser(newUser())
      const session = await adapter.createSession(newSession(user.id))
      const handlerOf = { [GATEHOUSE]: gatehouseHandler(adapter) }
      const requestOf = { [GATEHOUSE]: requestFor(session.sessionToken) }
      return {
        validate: () => validateSessions(handlerOf, requestOf),
        contenders: [{ name: GATEHOUSE, op: sessionOp(GATEHOUSE, handlerOf[GATEHOUSE], requestOf[GATEHOUSE], settings.readBody) }],
        async report() {
          return { notes: ["a temp file (WAL), removed afterwards; better-sqlite3 is synchronous and in-process, so no round trip"] }
        },
      }
    })
}

/**
 * The database scenarios, in run.js's scenario shape plus `unavailable(settings)`: a reason to skip, or undefined.
 * Comparisons without a `denominator` are Gatehouse-only "info" rows.
 */
export const dbScenarios = [
  {
    id: "db-session-pg",
    title: "7a. database session check, PostgreSQL (@gatehousejs/pg-adapter vs @auth/pg-adapter)",
    async unavailable(settings) {
      return builtOrMissing("@gatehousejs/pg-adapter", "packages/pg-adapter/dist/index.js") ??
        (existsSync(fileURLToPath(new URL("node_modules/@auth/pg-adapter/index.js", root)))
          ? undefined
          : "@auth/pg-adapter is not installed: run `npm install`") ??
        (await probeReason("PostgreSQL", settings.pgUrl, 5432))
    },
    prepare: pgScenario(),
    comparisons: [
      { label: "7a. db session check, PostgreSQL", numerator: GATEHOUSE, denominator: AUTHJS, min: 2 },
      { label: "7a'. 7a vs its raw pg query", numerator: GATEHOUSE, denominator: PG_FLOOR, percent: true },
    ],
  },
  {
    id: "db-session-redis",
    title: "7b. database session check, Redis (@gatehousejs/redis-adapter; Gatehouse only)",
    async unavailable(settings) {
      return builtOrMissing("@gatehousejs/redis-adapter", "packages/redis-adapter/dist/index.js") ??
        (await probeReason("Redis", settings.redisUrl, 6379))
    },
    prepare: redisScenario(),
    comparisons: [
      { label: "7b. db session check, Redis", numerator: GATEHOUSE },
      { label: "7b'. 7b vs a raw Redis GET", numerator: GATEHOUSE, denominator: REDIS_FLOOR, percent: true },
    ],
  },
  {
    id: "db-session-sqlite",
    title: "7c. database session check, SQLite file (@gatehousejs/sqlite-adapter; Gatehouse only)",
    async unavailable() {
      return builtOrMissing("@gatehousejs/sqlite-adapter", "packages/sqlite-adapter/dist/index.js")
    },
    prepare: sqliteScenario(),
    comparisons: [{ label: "7c. db session check, SQLite", numerator: GATEHOUSE }],
  },
]
