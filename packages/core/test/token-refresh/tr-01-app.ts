/**
 * One app process of the TR-01/TR-02 test (tr-01-two-apps.test.ts), started twice on the same stores: the core
 * `Gatehouse()` over `node:http`, one loopback port per store (a SQLite file, a PostgreSQL schema, a Redis prefix, as
 * the parent says), each instance with the parent's OpenID Provider (provider id "op", its values in `TR01_OP_PROVIDER`
 * as JSON), database sessions, and the store's adapter. `AUTH_URL` (https://app.example/auth) is the public URL, so
 * both processes build the same callback URL and cookie names.
 *
 * Test-only route, never part of an app: `GET /__token?minValidity=N` answers
 * `JSON.stringify(await gatehouse.getAccessToken(request, "op", { minValidity: N }))` — the token, or `null`.
 * Every `tokenRefreshFailed` event is printed as one line `tokenRefreshFailed {json}` on stdout for the parent.
 * Ready: one IPC message `{ ports: { <store>: port } }`.
 */
import { createServer, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { Gatehouse, type Adapter, type AuthConfig, type OIDCConfig } from "@gatehousejs/core"
import { PostgresAdapter } from "@gatehousejs/pg-adapter"
import { RedisAdapter } from "@gatehousejs/redis-adapter"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { Redis } from "ioredis"
import pg from "pg"
import { send, toRequest } from "../security/node-bridge.js"

const env = process.env
const stores = (env.TR01_STORES ?? "").split(",").filter(Boolean)
const closers: (() => unknown)[] = []
const tag = `[tr-01 ${process.pid}]`

/** The adapter named `store`, opened on what the parent prepared (it migrated the schema before starting us). */
function adapterFor(store: string): Adapter {
  if (store === "sqlite") {
    const adapter = SqliteAdapter({ filename: env.TR01_SQLITE_FILE! })
    closers.push(() => adapter.close())
    return adapter
  }
  if (store === "postgres") {
    const pool = new pg.Pool({ connectionString: env.TR01_POSTGRES_URL, max: 4 })
    closers.push(() => pool.end())
    return PostgresAdapter(pool, { schema: env.TR01_POSTGRES_SCHEMA! })
  }
  if (store === "redis") {
    const redis = new Redis(env.TR01_REDIS_URL!, { maxRetriesPerRequest: 1, commandTimeout: 5000 })
    closers.push(() => redis.quit())
    return RedisAdapter(redis, { prefix: env.TR01_REDIS_PREFIX! })
  }
  throw new Error(`tr-01-app: unknown store "${store}" in TR01_STORES (expected sqlite, postgres or redis).`)
}

function configFor(store: string): AuthConfig {
  return {
    secret: env.TR01_SECRET!,
    trustHost: true,
    adapter: adapterFor(store),
    session: { strategy: "database" },
    providers: [JSON.parse(env.TR01_OP_PROVIDER!) as OIDCConfig],
    events: {
      tokenRefreshFailed: (message) => void process.stdout.write(`${tag} tokenRefreshFailed ${JSON.stringify(message)}\n`),
    },
    // A refused refresh is a warning here (TR-02 expects it); everything is printed for the parent's failure messages.
    logger: {
      error: (error) => void process.stderr.write(`${tag} error ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
      warn: (code, message) => void process.stdout.write(`${tag} warn ${code} ${message ?? ""}\n`),
      debug: () => {},
    },
  }
}

function answerJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" })
  res.end(JSON.stringify(body))
}

async function listen(config: AuthConfig): Promise<number> {
  const gatehouse = Gatehouse(config)
  const server = createServer((req, res) => {
    void toRequest(req)
      .then(async (request) => {
        const url = new URL(request.url)
        if (url.pathname === "/__token") {
          const minValidity = Number(url.searchParams.get("minValidity") ?? "60")
          return answerJson(res, 200, await gatehouse.getAccessToken(request, "op", { minValidity }))
        }
        const handler = request.method === "POST" ? gatehouse.handlers.POST : gatehouse.handlers.GET
        return send(res, await handler(request))
      })
      .catch((error: unknown) => {
        // A 500 the parent sees (and fails on), with the cause in this process's output.
        process.stderr.write(`${tag} ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" })
        res.end("tr-01-app: the request failed")
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
