/**
 * The application under soak: one long-lived Node process (`node --expose-gc soak/app.js`) serving several Gatehouse
 * instances over plain `node:http`, as a production app would, each under its own base path:
 *
 *   /jwt/auth          JWT sessions, Credentials sign-in
 *   /sqlite/auth       database sessions in SQLite  (@gatehousejs/sqlite-adapter, a temp file)
 *   /pg/auth           database sessions in PostgreSQL (@gatehousejs/pg-adapter, schema `gatehouse_soak`)
 *   /redis/auth        database sessions in Redis (@gatehousejs/redis-adapter, keys under `gatehouse-soak:`)
 *   /<store>-race/auth the same three stores with `updateAge: 0` (every check and update writes), for the race phase
 *   /oidc/auth         JWT sessions, one OIDC provider at SOAK_OP_ISSUER (the driver's loopback OP)
 *   /password          `Password({ sendMail })` (the built provider), database sessions in SQLite (its own temp file,
 *                      migrated), `rateLimit: false`: phase (f) floods the sign-in, so it measures hashing, not budgets
 *
 * Soak-only fixture routes (never part of an auth app): `GET /__soak/memory` (two forced GCs, then
 * `process.memoryUsage()`; `?gc=0`: no GC, a cheap sample taken during load, with the peak RSS of the process so far),
 * `POST /__soak/<instance>/seed` (a user and a session written through the instance's adapter, as a database sign-in
 * writes them; answers the session token), `GET /__soak/<instance>/row?token=` (whether the adapter still holds that
 * session) and `GET /__soak/password/mail?to=` (the latest mail `Password` sent to that address: purpose and link
 * token; the app's stand-in for a mailbox).
 *
 * The store clients are configured as the adapters' READMEs advise for outages: a pg pool with an `error` listener
 * (an idle client losing its server emits `error` on the pool; without a listener Node would crash the process) and a
 * connection time-out; an ioredis client with `maxRetriesPerRequest: 1` and a `commandTimeout`.
 */
import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from "node:crypto"
import { createServer } from "node:http"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Auth } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import GitHub from "@gatehousejs/core/providers/github"
import Password from "@gatehousejs/core/providers/password"
import { PostgresAdapter } from "@gatehousejs/pg-adapter"
import { RedisAdapter } from "@gatehousejs/redis-adapter"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { Redis } from "ioredis"
import pg from "pg"
import { PG_SCHEMA, PG_URL, REDIS_PREFIX, REDIS_URL, SECRET, SOAK_USER } from "./lib/settings.js"

const port = Number(process.env.SOAK_APP_PORT ?? 0)
const issuer = process.env.SOAK_OP_ISSUER
const log = (line) => process.stderr.write(`[soak-app] ${line}\n`)

// The logger keeps error lines short (name and message): during an outage every failed check logs one.
const logger = {
  error: (error) => log(`error ${error?.name ?? "Error"}: ${String(error?.message ?? error).split("\n")[0]}`),
  warn: (code) => log(`warn ${code}`),
  debug: () => {},
}

const dir = mkdtempSync(join(tmpdir(), "gatehouse-soak-"))
const pool = new pg.Pool({ connectionString: PG_URL, max: 8, connectionTimeoutMillis: 2_000 })
pool.on("error", (error) => log(`pg pool: idle client lost (${error.code ?? error.message})`))
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: 2_000 })
let redisDown = false
redis.on("error", (error) => {
  if (!redisDown) log(`redis: ${error.code ?? error.message}`)
  redisDown = true
})
redis.on("ready", () => {
  if (redisDown) log("redis: reconnected")
  redisDown = false
})

// A fresh schema and key space each run (an interrupted run may have left rows behind).
await pool.query(`DROP SCHEMA IF EXISTS ${PG_SCHEMA} CASCADE`)
const pgAdapter = PostgresAdapter(pool, { schema: PG_SCHEMA })
await pgAdapter.migrate()
const stale = await redis.keys(`${REDIS_PREFIX}*`)
if (stale.length) await redis.del(...stale)
const adapters = {
  sqlite: SqliteAdapter({ filename: join(dir, "soak.sqlite") }),
  pg: pgAdapter,
  redis: RedisAdapter(redis, { prefix: REDIS_PREFIX }),
}

// The password check an app should write (EC-11): the same scrypt work for an unknown user, against a dummy hash, so
// "no such user" and "wrong password" take the same time. Cheap parameters: the soak measures Gatehouse, not scrypt.
const SCRYPT = { N: 1024, r: 8, p: 1 }
const salt = randomBytes(16)
const passwordHash = scryptSync(SOAK_USER.password, salt, 32, SCRYPT)
const dummyHash = scryptSync("not any user's password", salt, 32, SCRYPT)
const credentials = Credentials({
  credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
  authorize: ({ username, password }) => {
    const known = username === SOAK_USER.username
    const matches = timingSafeEqual(scryptSync(String(password), salt, 32, SCRYPT), known ? passwordHash : dummyHash)
    return known && matches ? { id: SOAK_USER.id, name: SOAK_USER.name, email: SOAK_USER.email } : null
  },
})
// Never called: a database-strategy instance needs a provider other than Credentials.
const github = GitHub({ clientId: "soak-client", clientSecret: "soak-client-secret" })

// Phase (f): the Password provider. Its mails are kept in memory, the latest per address (the driver reads the link
// tokens through the fixture route); they are sent after the answer, so the driver polls for them.
const mailbox = new Map()
const passwordAdapter = SqliteAdapter({ filename: join(dir, "password.sqlite") })
await passwordAdapter.migrate()
const password = Password({
  sendMail: (mail) => {
    mailbox.set(mail.to, { purpose: mail.purpose, token: new URL(mail.url).searchParams.get("token"), at: Date.now() })
  },
})

function instance(basePath, extra) {
  return { secret: SECRET, trustHost: true, basePath, logger, ...extra }
}

const instances = new Map([
  // Phase (e) times 200 wrong passwords for one username against 200 unknown ones (EC-11): that username's budget is
  // set out of reach here, the rest of the rate limits stay at their defaults (RL-01 is the suite's, not the soak's).
  ["jwt", instance("/jwt/auth", { providers: [credentials], rateLimit: { credentials: { perIdentifier: [{ limit: 1_000_000, windowMs: 60_000 }] } } })],
  ...Object.entries(adapters).flatMap(([store, adapter]) => [
    [store, instance(`/${store}/auth`, { adapter, session: { strategy: "database" }, providers: [github] })],
    [`${store}-race`, instance(`/${store}-race/auth`, { adapter, session: { strategy: "database", updateAge: 0 }, providers: [github] })],
  ]),
])
instances.set("password", instance("/password", { adapter: passwordAdapter, session: { strategy: "database" }, providers: [password], rateLimit: false }))
if (issuer) {
  const op = { id: "op", name: "Soak OP", type: "oidc", issuer, clientId: "soak-op-client", clientSecret: "soak-op-secret" }
  instances.set("oidc", instance("/oidc/auth", { providers: [op] }))
}

/** The instance a path belongs to: `/pg/auth/session` → `pg`, `/password/session` → `password`. */
function instanceOf(pathname) {
  const name = pathname.split("/")[1] ?? ""
  if (name === "password") return name
  return pathname.startsWith(`/${name}/auth/`) || pathname === `/${name}/auth` ? name : undefined
}

async function readBody(req) {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  return Buffer.concat(chunks)
}

async function send(res, response) {
  const headers = {}
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers["set-cookie"] = cookies
  res.writeHead(response.status, headers)
  res.end(Buffer.from(await response.arrayBuffer()))
}

function json(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" })
  res.end(JSON.stringify(body))
}

async function fixture(req, res, url) {
  if (url.pathname === "/__soak/memory") {
    if (url.searchParams.get("gc") !== "0") {
      globalThis.gc?.()
      globalThis.gc?.()
    }
    // maxRSS: the peak resident set of the process so far (getrusage, KiB), which no sample can miss.
    return json(res, 200, { ...process.memoryUsage(), maxRss: process.resourceUsage().maxRSS * 1024, pid: process.pid, uptime: process.uptime() })
  }
  if (url.pathname === "/__soak/password/mail") {
    const mail = mailbox.get(url.searchParams.get("to") ?? "")
    return mail ? json(res, 200, mail) : json(res, 404, { error: "no mail to that address" })
  }
  const [, , name, what] = url.pathname.split("/")
  const adapter = adapters[String(name).replace(/-race$/, "")]
  if (!adapter) return json(res, 404, { error: "no such store" })
  if (what === "seed" && req.method === "POST") {
    const user = await adapter.createUser({ id: randomUUID(), name: SOAK_USER.name, email: `${randomUUID()}@soak.example`, emailVerified: null })
    const session = await adapter.createSession({ sessionToken: randomUUID(), userId: user.id, expires: new Date(Date.now() + 30 * 86_400_000) })
    return json(res, 200, { sessionToken: session.sessionToken, email: user.email })
  }
  if (what === "row") {
    const found = await adapter.getSessionAndUser(url.searchParams.get("token") ?? "")
    return json(res, 200, { exists: found !== null })
  }
  return json(res, 404, { error: "no such fixture" })
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`)
  try {
    if (url.pathname.startsWith("/__soak/")) return await fixture(req, res, url)
    const config = instances.get(instanceOf(url.pathname) ?? "")
    if (!config) return json(res, 404, { error: "not found" })
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value)
    }
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req)
    await send(res, await Auth(new Request(url, { method: req.method, headers, body }), config))
  } catch (error) {
    // Auth() never throws; a fixture may (store down). Either way the driver sees a 599 it can tell apart from a 500.
    log(`unhandled ${error?.name}: ${error?.message}`)
    if (!res.headersSent) json(res, 599, { error: "soak fixture failed" })
    else res.destroy()
  }
})
server.keepAliveTimeout = 30_000

async function shutdown() {
  server.close()
  server.closeAllConnections()
  try {
    await pool.query(`DROP SCHEMA IF EXISTS ${PG_SCHEMA} CASCADE`)
  } catch (error) {
    log(`cleanup: pg ${error.message}`)
  }
  try {
    const keys = await redis.keys(`${REDIS_PREFIX}*`)
    if (keys.length) await redis.del(...keys)
  } catch (error) {
    log(`cleanup: redis ${error.message}`)
  }
  adapters.sqlite.close?.()
  passwordAdapter.close?.()
  rmSync(dir, { recursive: true, force: true })
  await pool.end().catch(() => {})
  redis.disconnect()
  process.exit(0)
}
process.on("SIGTERM", () => void shutdown())
process.on("uncaughtException", (error) => {
  log(`uncaughtException ${error.name}: ${error.message}`)
  process.exit(70)
})

server.listen(port, "127.0.0.1", () => {
  process.send?.({ ready: true, port: server.address().port, pid: process.pid })
})
