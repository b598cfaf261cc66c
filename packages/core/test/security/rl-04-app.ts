/**
 * One app process of the RL-04 test (rl-04-two-apps.test.ts), started twice on the same rate-limit stores: Gatehouse
 * over `node:http`, one loopback port per store (a SQLite file, a PostgreSQL schema, a Redis prefix, as the parent
 * says), each instance with the test helpers' credentials provider (user "alice", a wrong password is `null`), JWT
 * sessions, and `rateLimit: { store }` on that store. `AUTH_URL` (https://app.example/auth) is the public URL, so both
 * processes build the same URLs and cookies.
 *
 * The server does not tell Gatehouse the connection's address, so per-client budgets are off (as in an integration
 * that does not call `withPeerAddress`) and only the per-identifier budget counts: the one RL-04 is about.
 * Ready: one IPC message `{ ports: { <store>: port } }`.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { Auth, type AuthConfig, type RateLimitStore } from "@gatehousejs/core"
import { PostgresRateLimitStore } from "@gatehousejs/pg-adapter"
import { RedisRateLimitStore } from "@gatehousejs/redis-adapter"
import { SqliteRateLimitStore } from "@gatehousejs/sqlite-adapter"
import { Redis } from "ioredis"
import pg from "pg"
import { credentialsProvider } from "../helpers/auth.js"
import { send, toRequest } from "./node-bridge.js"

const env = process.env
const stores = (env.RL04_STORES ?? "").split(",").filter(Boolean)
const closers: (() => unknown)[] = []

/** The shared rate-limit store named `store`, opened on what the parent prepared. */
function rateLimitStoreFor(store: string): RateLimitStore {
  if (store === "sqlite") {
    // The store creates its table in the file on first use, so two processes may race to do it: part of the test.
    const sqlite = SqliteRateLimitStore({ filename: env.RL04_SQLITE_FILE! })
    closers.push(() => sqlite.close())
    return sqlite
  }
  if (store === "postgres") {
    const pool = new pg.Pool({ connectionString: env.RL04_POSTGRES_URL, max: 4 })
    closers.push(() => pool.end())
    return PostgresRateLimitStore(pool, { schema: env.RL04_POSTGRES_SCHEMA! })
  }
  if (store === "redis") {
    const redis = new Redis(env.RL04_REDIS_URL!, { maxRetriesPerRequest: 1, commandTimeout: 5000 })
    closers.push(() => redis.quit())
    return RedisRateLimitStore(redis, { prefix: env.RL04_REDIS_PREFIX! })
  }
  throw new Error(`rl-04-app: unknown store "${store}" in RL04_STORES (expected sqlite, postgres or redis).`)
}

function configFor(store: string): AuthConfig {
  return {
    secret: env.RL04_SECRET!,
    trustHost: true,
    session: { strategy: "jwt" },
    providers: [credentialsProvider()],
    rateLimit: { store: rateLimitStoreFor(store) },
    // Wrong passwords and refusals are expected (warnings); an error is a failure the parent reports with this output.
    logger: { error: (error) => void process.stderr.write(`[rl-04 ${process.pid}] ${String(error)}\n`), warn: () => {}, debug: () => {} },
  }
}

async function listen(config: AuthConfig): Promise<number> {
  const server = createServer((req, res) => {
    void toRequest(req)
      .then((request) => Auth(request, config))
      .then((response) => send(res, response))
      .catch((error: unknown) => {
        // A 500 the parent sees (and fails on), with the cause in this process's output.
        process.stderr.write(`[rl-04 ${process.pid}] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" })
        res.end("rl-04-app: the request failed")
      })
  })
  closers.unshift(() => server.closeAllConnections(), () => server.close())
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return (server.address() as AddressInfo).port
}

const ports: Record<string, number> = {}
for (const store of stores) ports[store] = await listen(configFor(store))

process.on("disconnect", () => {
  void Promise.allSettled(closers.map((close) => close())).then(() => process.exit(0))
})
process.send!({ ports })
