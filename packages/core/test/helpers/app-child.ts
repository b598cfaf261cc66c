/**
 * The child side of the multi-process tests (rt-10, rl-04, tr-01): an app process opens the stores its parent
 * prepared, serves one Gatehouse instance per store over `node:http` on loopback, reports its ports, and closes
 * everything when the parent disconnects. The parent side is app-process.ts; what passes between them is
 * `StoresOfRun`, as JSON in the environment variable `STORES_ENV`.
 *
 * @example
 * ```ts
 * await serveStores("rt-10", (store) => {
 *   const config = { ...configOf(store), adapter: openAdapter(store) }
 *   return (request) => Auth(request, config)
 * })
 * ```
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { Adapter, RateLimitStore, SessionStore } from "@gatehousejs/core"
import { PostgresAdapter, PostgresRateLimitStore, PostgresSessionStore } from "@gatehousejs/pg-adapter"
import { RedisAdapter, RedisRateLimitStore, RedisSessionStore } from "@gatehousejs/redis-adapter"
import { SqliteAdapter, SqliteRateLimitStore, SqliteSessionStore } from "@gatehousejs/sqlite-adapter"
import { Redis } from "ioredis"
import pg from "pg"
import { send, toRequest } from "../security/node-bridge.js"

export type Store = "sqlite" | "postgres" | "redis"

/** The environment variable that carries `StoresOfRun` (as JSON) from the parent to each app process. */
export const STORES_ENV = "GATEHOUSE_TEST_STORES"

/** What the parent prepared for one run: the stores to serve, and where each one lives. */
export interface StoresOfRun {
  stores: Store[]
  sqliteFile: string
  postgresUrl: string
  postgresSchema: string
  redisUrl: string
  redisPrefix: string
}

/** Gatehouse behind one store: a Web request in, a Web response out. */
export type AppHandler = (request: Request) => Promise<Response>

/** What to close when the parent disconnects: servers first, then the connections they used. */
const closers: (() => unknown)[] = []

function storesOfRun(): StoresOfRun {
  const json = process.env[STORES_ENV]
  if (!json) throw new Error(`app-child: ${STORES_ENV} is not set; start this process with startAppProcess (helpers/app-process.ts).`)
  return JSON.parse(json) as StoresOfRun
}

/** How one kind of store (an adapter, a rate-limit store) is made on each store's connection. */
interface Openers<T> {
  sqlite: (filename: string) => T & { close(): void }
  postgres: (pool: pg.Pool, schema: string) => T
  redis: (redis: Redis, prefix: string) => T
}

/**
 * Opens `store` on what the parent prepared, with the connection it needs (a PostgreSQL pool of 4, a Redis client
 * whose commands time out after 5 s), and closes it when the parent disconnects.
 */
function openOn<T>(store: Store, open: Openers<T>): T {
  const run = storesOfRun()
  if (store === "sqlite") {
    const opened = open.sqlite(run.sqliteFile)
    closers.push(() => opened.close())
    return opened
  }
  if (store === "postgres") {
    const pool = new pg.Pool({ connectionString: run.postgresUrl, max: 4 })
    closers.push(() => pool.end())
    return open.postgres(pool, run.postgresSchema)
  }
  if (store === "redis") {
    const redis = new Redis(run.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 5000 })
    closers.push(() => redis.quit())
    return open.redis(redis, run.redisPrefix)
  }
  throw new Error(`app-child: unknown store "${String(store)}" (expected sqlite, postgres or redis).`)
}

/** The database adapter on `store` (the parent migrated its schema before starting this process). */
export function openAdapter(store: Store): Adapter {
  return openOn<Adapter>(store, {
    sqlite: (filename) => SqliteAdapter({ filename }),
    postgres: (pool, schema) => PostgresAdapter(pool, { schema }),
    redis: (redis, prefix) => RedisAdapter(redis, { prefix }),
  })
}

/** The rate-limit store on `store`. The SQLite one creates its table on first use, so app processes may race to. */
export function openRateLimitStore(store: Store): RateLimitStore {
  return openOn<RateLimitStore>(store, {
    sqlite: (filename) => SqliteRateLimitStore({ filename }),
    postgres: (pool, schema) => PostgresRateLimitStore(pool, { schema }),
    redis: (redis, prefix) => RedisRateLimitStore(redis, { prefix }),
  })
}

/** The JWT session store on `store` (the parent migrated PostgreSQL's table; SQLite's is made on first use). */
export function openSessionStore(store: Store): SessionStore {
  return openOn<SessionStore>(store, {
    sqlite: (filename) => SqliteSessionStore({ filename }),
    postgres: (pool, schema) => PostgresSessionStore(pool, { schema }),
    redis: (redis, prefix) => RedisSessionStore(redis, { prefix }),
  })
}

/** Serves `handle` on a loopback port; a request that throws is a 500, its cause printed for the parent. */
async function listen(name: string, handle: AppHandler): Promise<number> {
  const server = createServer((req, res) => {
    void toRequest(req)
      .then(handle)
      .then((response) => send(res, response))
      .catch((error: unknown) => {
        process.stderr.write(`[${name} ${process.pid}] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" })
        res.end(`${name}-app: the request failed`)
      })
  })
  closers.unshift(() => server.closeAllConnections(), () => server.close())
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return (server.address() as AddressInfo).port
}

/**
 * Serves `handlerFor(store)` for every store the parent named, one loopback port each, then sends the parent the
 * one IPC message it waits for, `{ ports: { <store>: port } }`. When the parent disconnects, everything opened here
 * is closed and the process exits. `name` tags what the process prints (`[rt-10 <pid>] …`).
 */
export async function serveStores(name: string, handlerFor: (store: Store) => AppHandler): Promise<void> {
  const ports: Partial<Record<Store, number>> = {}
  for (const store of storesOfRun().stores) ports[store] = await listen(name, handlerFor(store))
  process.on("disconnect", () => {
    void Promise.allSettled(closers.map((close) => close())).then(() => process.exit(0))
  })
  process.send!({ ports })
}
