/**
 * One app process of the RT-10 test (rt-10-two-processes.test.ts), started twice on the same stores: Gatehouse over
 * `node:http`, one loopback port per store (SQLite file, PostgreSQL schema, Redis prefix, as the parent says), each
 * instance with a magic-link provider that records its links, the Passkey provider, and the parent's OpenID Provider.
 * `AUTH_URL` (https://app.example/auth) is the public URL, so both processes build the same callback and link URLs.
 *
 * Test-only route, never part of an app: `GET /__rt10/outbox` answers the links this process has sent.
 * Ready: one IPC message `{ ports: { <store>: port } }`.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { Auth, type Adapter, type AuthConfig } from "@gatehousejs/core"
import { Email } from "@gatehousejs/core/providers"
import Passkey from "@gatehousejs/core/providers/passkey"
import { PostgresAdapter } from "@gatehousejs/pg-adapter"
import { RedisAdapter } from "@gatehousejs/redis-adapter"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { Redis } from "ioredis"
import pg from "pg"
import { send, toRequest } from "./node-bridge.js"

const env = process.env
const stores = (env.RT10_STORES ?? "").split(",").filter(Boolean)
const outbox: string[] = []
const closers: (() => unknown)[] = []

function adapterFor(store: string): Adapter {
  if (store === "sqlite") {
    const adapter = SqliteAdapter({ filename: env.RT10_SQLITE_FILE! })
    closers.push(() => adapter.close())
    return adapter
  }
  if (store === "postgres") {
    const pool = new pg.Pool({ connectionString: env.RT10_POSTGRES_URL, max: 4 })
    closers.push(() => pool.end())
    return PostgresAdapter(pool, { schema: env.RT10_POSTGRES_SCHEMA! })
  }
  const redis = new Redis(env.RT10_REDIS_URL!, { maxRetriesPerRequest: 1 })
  closers.push(() => redis.quit())
  return RedisAdapter(redis, { prefix: env.RT10_REDIS_PREFIX! })
}

function configFor(store: string): AuthConfig {
  return {
    secret: env.RT10_SECRET!,
    trustHost: true,
    adapter: adapterFor(store),
    experimental: { enableWebAuthn: true },
    providers: [
      Email({ sendVerificationRequest: ({ url }) => void outbox.push(url) }),
      Passkey,
      {
        id: "op",
        name: "Test OP",
        type: "oidc",
        issuer: env.RT10_OP_ISSUER!,
        clientId: env.RT10_OP_CLIENT_ID!,
        clientSecret: env.RT10_OP_CLIENT_SECRET!,
        checks: ["pkce", "state", "nonce"],
      },
    ],
    // Refusals are expected here; the parent shows this output only when a process fails to start.
    logger: { error: (error) => void process.stderr.write(`[rt-10 ${process.pid}] ${String(error)}\n`), warn: () => {}, debug: () => {} },
  }
}

async function listen(config: AuthConfig): Promise<number> {
  const server = createServer((req, res) => {
    if (req.url === "/__rt10/outbox") {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify(outbox))
      return
    }
    void toRequest(req)
      .then((request) => Auth(request, config))
      .then((response) => send(res, response))
      .catch((error: unknown) => {
        process.stderr.write(`[rt-10 ${process.pid}] ${String(error)}\n`)
        res.destroy()
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
