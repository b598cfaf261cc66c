/**
 * SqliteRateLimitStore on a temporary file: fixed windows, reset, prune, one statement per hit, one immediate
 * transaction per spend, the adapter's schema, and RL-04: two processes on one file share one exact budget.
 */
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { rateLimitStoreContract, type RateLimitStoreLike } from "@gatehousejs/adapter-test"
import Database from "better-sqlite3"
import { afterAll, describe, expect, it, vi } from "vitest"
import { SqliteAdapter, SqliteAdapterError, SqliteRateLimitStore } from "../src/index.js"


const dir = mkdtempSync(join(tmpdir(), "gatehouse-rl-"))
const FILE = join(dir, "rl.sqlite")
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe("SqliteRateLimitStore", () => {
  const store = SqliteRateLimitStore({ filename: FILE })
  const typed: RateLimitStoreLike = store
  const key = (): string => `k:${randomUUID()}`

  // Windows, reset, keys, bad input and RL-04 (two processes, one budget): the contract every store keeps.
  rateLimitStoreContract({ store: () => store, child: here("./rate-limit-child.ts"), childEnv: () => ({ RL_FILE: FILE }) })

  afterAll(() => {
    store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it("counts hits in one window and reports when it ends", async () => {
    const k = key()
    const before = Date.now()
    const first = await typed.hit(k, 60_000)
    expect(first.count).toBe(1)
    expect(first.resetAt).toBeGreaterThanOrEqual(before + 60_000)
    expect(first.resetAt).toBeLessThanOrEqual(Date.now() + 60_000)
    expect(await typed.hit(k, 60_000, 3)).toEqual({ count: 4, resetAt: first.resetAt })
  })



  it("prune deletes the rows whose window ended, and only those", async () => {
    const [ended, running] = [key(), key()]
    await store.hit(ended, 100)
    await store.hit(running, 60_000)
    await sleep(200)
    expect(await store.prune()).toBeGreaterThanOrEqual(1)
    const raw = new Database(FILE, { readonly: true })
    try {
      const rows = raw.prepare<[string, string], { key: string }>("SELECT key FROM rate_limits WHERE key IN (?, ?)").all(ended, running)
      expect(rows.map((r) => r.key)).toEqual([running])
    } finally {
      raw.close()
    }
  })



  it("a hit is one statement, prepared once: no read-modify-write", async () => {
    const db = new Database(":memory:")
    const onDb = SqliteRateLimitStore({ database: db })
    await onDb.hit("warm", 60_000) // opens, migrates, prepares
    const statement = Object.getPrototypeOf(db.prepare("SELECT 1")) as Record<"run" | "get" | "all" | "iterate", (...args: unknown[]) => unknown>
    const spies = (["run", "get", "all", "iterate"] as const).map((method) => vi.spyOn(statement, method))
    const prepare = vi.spyOn(db, "prepare")
    try {
      expect((await onDb.hit("warm", 60_000)).count).toBe(2)
      expect(spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBe(1)
      expect(prepare).not.toHaveBeenCalled()
    } finally {
      for (const spy of [...spies, prepare]) spy.mockRestore()
    }
    onDb.close()
    expect(db.open).toBe(true) // an application's database stays open
    db.close()
  })

  it("a spend is one immediate transaction running the prepared hit once per window reached: nothing prepared again", async () => {
    const db = new Database(":memory:")
    const onDb = SqliteRateLimitStore({ database: db })
    const windows = [
      { limit: 1, windowMs: 60_000 },
      { limit: 50, windowMs: 3_600_000 },
    ]
    await onDb.spend("warm", windows) // opens, migrates, prepares
    const statement = Object.getPrototypeOf(db.prepare("SELECT 1")) as Record<"run" | "get" | "all" | "iterate", (...args: unknown[]) => unknown>
    const ran: string[] = []
    const spies = (["run", "get", "all", "iterate"] as const).map((method) => {
      const original = statement[method]!
      return vi.spyOn(statement, method).mockImplementation(function (this: { source: string }, ...args: unknown[]) {
        ran.push(this.source.startsWith("INSERT INTO rate_limits") ? `hit (in a transaction: ${db.inTransaction})` : this.source)
        return original.apply(this, args)
      })
    })
    const prepare = vi.spyOn(db, "prepare")
    try {
      // The minute is over its limit of 1: the hour is not reached.
      expect((await onDb.spend("warm", windows)).map((r) => r.count)).toEqual([2])
      expect(ran).toEqual(["BEGIN IMMEDIATE", "hit (in a transaction: true)", "COMMIT"])
      ran.length = 0
      expect((await onDb.spend(randomUUID(), windows)).map((r) => r.count)).toEqual([1, 1])
      expect(ran).toEqual(["BEGIN IMMEDIATE", "hit (in a transaction: true)", "hit (in a transaction: true)", "COMMIT"])
      expect(prepare).not.toHaveBeenCalled()
    } finally {
      for (const spy of [...spies, prepare]) spy.mockRestore()
    }
    onDb.close()
    db.close()
  })

  it("its table is part of the adapter's schema, so the adapter's migrate creates it", async () => {
    const file = join(dir, "adapter.sqlite")
    const adapter = SqliteAdapter({ filename: file })
    adapter.migrate()
    adapter.close()
    const raw = new Database(file, { readonly: true })
    try {
      expect(raw.prepare("SELECT name FROM sqlite_master WHERE name = 'rate_limits'").get()).toEqual({ name: "rate_limits" })
    } finally {
      raw.close()
    }
  })

  it("after close, a call fails with SqliteAdapterError Closed", async () => {
    const closing = SqliteRateLimitStore({ filename: FILE })
    await closing.hit(key(), 1000)
    closing.close()
    await expect(closing.hit(key(), 1000)).rejects.toThrow(SqliteAdapterError)
  })

})
