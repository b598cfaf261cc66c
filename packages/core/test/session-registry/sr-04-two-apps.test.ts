/**
 * Security catalog SR-04: `revokeUserSessions(userId)` on one app process ends every session of that user on every
 * strategy, also those another process serves — two real app processes (sr-04-app.ts) on one SQLite file, one
 * PostgreSQL schema and one Redis prefix. Database sessions end at once; JWT sessions within the documented bound
 * (`revocationCacheMaxAge`, 1 s here), even on the process that had just checked them.
 */
import { PostgresAdapter, PostgresSessionStore } from "@gatehousejs/pg-adapter"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dropRunStores, keepCookies, prepareRunStores, printedBy, startAppProcess, stopAppProcesses, type AppProcess, type Store } from "../helpers/app-process.js"
import { BASE } from "../helpers/auth.js"

const run = await prepareRunStores("sr04")
let apps: AppProcess[] = []

beforeAll(async () => {
  if (run.available.postgres) {
    await PostgresAdapter(run.pool, { schema: run.schema }).migrate()
    await PostgresSessionStore(run.pool, { schema: run.schema }).migrate()
  }
  apps = await Promise.all([0, 1].map(() => startAppProcess({ app: new URL("./sr-04-app.ts", import.meta.url), run, stores: run.stores, env: {} })))
}, 30_000)

afterAll(async () => {
  await stopAppProcesses(apps)
  await dropRunStores(run)
})

/** A cookie jar talking to one store's instance of `strategy` on either process. */
class HttpBrowser {
  readonly jar = new Map<string, string>()
  constructor(
    readonly store: Store,
    readonly strategy: "database" | "jwt",
  ) {}

  async request(app: number, path: string, body?: Record<string, string>): Promise<Response> {
    const headers = new Headers({ "x-strategy": this.strategy })
    if (this.jar.size) headers.set("cookie", [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "))
    if (body) headers.set("content-type", "application/x-www-form-urlencoded")
    const base = path.startsWith("/__") ? "" : BASE
    const response = await fetch(`http://127.0.0.1:${apps[app]!.ports[this.store]}${base}${path}`, {
      method: body || path.startsWith("/__") ? "POST" : "GET",
      headers,
      body: body && new URLSearchParams(body),
      redirect: "manual",
    })
    keepCookies(this.jar, response)
    return response
  }

  async signIn(app: number, username: string): Promise<void> {
    const csrf = (await (await this.request(app, "/csrf")).json()) as { csrfToken: string }
    const response = await this.request(app, "/callback/credentials", { csrfToken: csrf.csrfToken, username })
    expect(response.status, printedBy(apps)).toBe(302)
  }

  async session(app: number): Promise<{ user: { email: string } } | null> {
    const response = await this.request(app, "/session")
    expect(response.status, printedBy(apps)).toBe(200)
    return (await response.json()) as { user: { email: string } } | null
  }
}

describe.each(run.stores)("SR-04 on %s, two app processes", (store) => {
  it.each(["database", "jwt"] as const)("revokeUserSessions on one process ends the user's %s sessions on both", async (strategy) => {
    const username = `sr04-${strategy}-${store}-${run.id.slice(0, 6)}`
    const here = new HttpBrowser(store, strategy)
    const there = new HttpBrowser(store, strategy)
    const bystander = new HttpBrowser(store, strategy)
    await here.signIn(0, username)
    await there.signIn(1, username)
    await bystander.signIn(1, `${username}-other`)
    expect(await here.session(1)).not.toBeNull()
    expect(await there.session(1)).not.toBeNull() // checked, and for JWT cached, on process 2

    const list = (await (await here.request(0, "/sessions")).json()) as unknown[]
    expect(list).toHaveLength(2)
    const userId = strategy === "jwt" ? `id-${username}` : await userIdOf(store, `${username}@example.com`)
    const revoked = await here.request(0, `/__revoke-user?userId=${encodeURIComponent(userId)}`)
    expect(await revoked.json()).toEqual({ revoked: 2 })

    if (strategy === "jwt") await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect(await there.session(1)).toBeNull()
    expect(await here.session(0)).toBeNull()
    expect(await bystander.session(0)).not.toBeNull()
  })
})

/** The user's id as the adapter stored it (the test asks the store, as an admin tool would). */
async function userIdOf(store: Store, email: string): Promise<string> {
  if (store === "postgres") {
    const { rows } = await run.pool.query<{ id: string }>(`SELECT id FROM ${run.schema}.users WHERE email = $1`, [email])
    return rows[0]!.id
  }
  if (store === "redis") {
    const { RedisAdapter } = await import("@gatehousejs/redis-adapter")
    return (await RedisAdapter(run.redis, { prefix: run.prefix }).getUserByEmail!(email))!.id
  }
  const { SqliteAdapter } = await import("@gatehousejs/sqlite-adapter")
  const adapter = SqliteAdapter({ filename: run.sqliteFile })
  try {
    return (await adapter.getUserByEmail(email))!.id
  } finally {
    adapter.close()
  }
}
