/**
 * Many processes, one truth, for passwords: two real app processes (pw-app.ts) on one SQLite file, one PostgreSQL
 * schema and one Redis prefix. A verification link used on one process is refused on the other; a reset link dies on
 * both when the other process takes a later reset request, and is single use across them; a reset on one process ends
 * the sessions the other serves; the per-address sign-up budget is counted once for both.
 */
import { PostgresAdapter } from "@gatehousejs/pg-adapter"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { dropRunStores, keepCookies, prepareRunStores, printedBy, startAppProcess, stopAppProcesses, type AppProcess, type Store } from "../helpers/app-process.js"
import { BASE } from "../helpers/auth.js"

// Every sign-in and sign-up hashes (argon2id, ~25 ms on a core): on a machine busy with other test files, a test of a
// few dozen of them takes seconds.
vi.setConfig({ testTimeout: 30_000 })

const run = await prepareRunStores("pw")
let apps: AppProcess[] = []
const PASSWORD = "correct horse battery staple"

beforeAll(async () => {
  if (run.available.postgres) {
    await PostgresAdapter(run.pool, { schema: run.schema }).migrate()
  }
  apps = await Promise.all([0, 1].map(() => startAppProcess({ app: new URL("./pw-app.ts", import.meta.url), run, stores: run.stores, env: {} })))
}, 30_000)

afterAll(async () => {
  await stopAppProcesses(apps)
  await dropRunStores(run)
})

/** A cookie jar talking to one store's instance on either process, from its own client address. */
class HttpBrowser {
  readonly jar = new Map<string, string>()
  constructor(
    readonly store: Store,
    readonly client = "203.0.113.1",
  ) {}

  async request(app: number, path: string, body?: Record<string, string>): Promise<Response> {
    const headers = new Headers({ accept: "application/json", "x-forwarded-for": this.client })
    if (this.jar.size) headers.set("cookie", [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "))
    if (body) headers.set("content-type", "application/x-www-form-urlencoded")
    const base = path.startsWith("/__") ? "" : BASE
    const response = await fetch(`http://127.0.0.1:${apps[app]!.ports[this.store]}${base}${path}`, {
      method: body ? "POST" : "GET",
      headers,
      body: body && new URLSearchParams(body),
      redirect: "manual",
    })
    keepCookies(this.jar, response)
    return response
  }

  async post(app: number, path: string, body: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
    const csrf = (await (await this.request(app, "/csrf")).json()) as { csrfToken: string }
    const response = await this.request(app, path, { csrfToken: csrf.csrfToken, ...body })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  async signedIn(app: number): Promise<boolean> {
    return (await (await this.request(app, "/session")).json()) !== null
  }
}

/** The latest link token of `purpose` to `to` that process `app` sent. */
async function token(store: Store, app: number, to: string, purpose: string): Promise<string> {
  const mails = (await (await fetch(`http://127.0.0.1:${apps[app]!.ports[store]}/__outbox`)).json()) as { to: string; purpose: string; url: string }[]
  const url = mails.filter((m) => m.to === to && m.purpose === purpose).at(-1)?.url
  expect(url, printedBy(apps)).toBeDefined()
  return new URL(url!).searchParams.get("token")!
}

describe.each(run.stores)("passwords on %s, two app processes", (store) => {
  it("links are single use and the latest reset wins across processes; a reset ends the other process's sessions", async () => {
    const email = `pw-${store}-${crypto.randomUUID()}@example.com`
    const laptop = new HttpBrowser(store)
    expect((await laptop.post(0, "/signup/password", { email, password: PASSWORD })).body).toMatchObject({ ok: true })
    const verify = await token(store, 0, email, "verify-email")
    expect((await laptop.post(1, "/verify-email", { token: verify })).status).toBe(200)
    expect(await laptop.signedIn(0)).toBe(true)
    expect(await new HttpBrowser(store).post(0, "/verify-email", { token: verify })).toEqual({ status: 400, body: { error: "invalid-token" } })

    const visitor = new HttpBrowser(store, "203.0.113.2")
    await visitor.post(0, "/password/forgot", { email })
    const first = await token(store, 0, email, "reset-password")
    await visitor.post(1, "/password/forgot", { email })
    const second = await token(store, 1, email, "reset-password")
    expect(await visitor.post(0, "/password/reset", { token: first, password: "a new passphrase, long enough" })).toEqual({ status: 400, body: { error: "invalid-token" } })
    expect((await visitor.post(0, "/password/reset", { token: second, password: "a new passphrase, long enough" })).status).toBe(200)
    expect(await visitor.post(1, "/password/reset", { token: second, password: "yet another long passphrase" })).toEqual({ status: 400, body: { error: "invalid-token" } })
    expect(await laptop.signedIn(1)).toBe(false)
    expect(await visitor.signedIn(1)).toBe(true)
  })

  it("the per-address sign-up budget is one for both processes", async () => {
    const email = `pw-budget-${store}-${crypto.randomUUID()}@example.com`
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await new HttpBrowser(store, `198.51.100.${i + 1}`).post(i % 2, "/signup/password", { email, password: PASSWORD })).status)
    expect(statuses).toEqual([200, 200, 200, 429])
  })
})
