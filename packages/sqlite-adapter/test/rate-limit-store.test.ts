/**
 * SqliteRateLimitStore on a temporary file: fixed windows, reset, prune, one statement per hit, the adapter's schema,
 * and RL-04: two processes on one file share one exact budget.
 */
import { fork } from "node:child_process"
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import Database from "better-sqlite3"
import { afterAll, describe, expect, it, vi } from "vitest"
import { SqliteAdapter, SqliteAdapterError, SqliteRateLimitStore } from "../src/index.js"

/** core's RateLimitStore, structurally (core does not export it yet). */
interface RateLimitStore {
  hit(key: string, windowMs: number, cost?: number): Promise<{ count: number; resetAt: number }>
  reset(key: string): Promise<void>
}

const dir = mkdtempSync(join(tmpdir(), "gatehouse-rl-"))
const FILE = join(dir, "rl.sqlite")
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe("SqliteRateLimitStore", () => {
  const store = SqliteRateLimitStore({ filename: FILE })
  const typed: RateLimitStore = store
  const key = (): string => `k:${randomUUID()}`

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

  it("a window that has ended starts again at the cost, with a new end", async () => {
    const k = key()
    await store.hit(k, 200)
    const before = await store.hit(k, 200)
    expect(before.count).toBe(2)
    await sleep(300)
    const after = await store.hit(k, 200, 2)
    expect(after.count).toBe(2)
    expect(after.resetAt).toBeGreaterThan(before.resetAt)
  })

  it("reset forgets one key and leaves the others", async () => {
    const [a, b] = [key(), key()]
    await store.hit(a, 60_000)
    await store.hit(b, 60_000)
    await typed.reset(a)
    expect((await store.hit(a, 60_000)).count).toBe(1)
    expect((await store.hit(b, 60_000)).count).toBe(2)
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

  it("accepts any key up to 512 characters (NUL included) without two keys sharing a counter", async () => {
    const base = randomUUID()
    const keys = [`${base}\0`, `${base}\0x`, `${base}`, `${base}é🔑`, `${base}${"x".repeat(512 - base.length)}`]
    for (const k of keys) expect((await store.hit(k, 60_000)).count).toBe(1)
    for (const k of keys) expect((await store.hit(k, 60_000)).count).toBe(2)
  })

  it("refuses a key past 512 characters, a window or cost that is not a positive whole number, with a clear message", async () => {
    await expect(store.hit("x".repeat(513), 1000)).rejects.toThrow("the key must be a string of at most 512 characters")
    await expect(store.hit(key(), 0)).rejects.toThrow("windowMs must be a whole number of milliseconds, at least 1 (got 0)")
    await expect(store.hit(key(), 1.5)).rejects.toThrow("windowMs must be a whole number")
    await expect(store.hit(key(), 1000, 0)).rejects.toThrow("cost must be a whole number from 1 to 2147483647 (got 0)")
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

  it("RL-04 two processes on one file, 25 concurrent hits each with limit 20: exactly 20 admitted in total", async () => {
    const k = key()
    const children = [0, 1].map(() =>
      fork(here("../../core/test/security/rt-10-boot.mjs"), [here("./rate-limit-child.ts")], {
        stdio: ["ignore", "inherit", "inherit", "ipc"],
        env: { ...process.env, RL_FILE: FILE, RL_KEY: k, RL_HITS: "25", RL_LIMIT: "20" },
      }),
    )
    try {
      const ready = children.map(
        (child) =>
          new Promise((resolve, reject) => {
            child.once("message", resolve)
            child.once("exit", (code) => reject(new Error(`a child exited before it was ready (code ${code})`)))
          }),
      )
      await Promise.all(ready)
      const results = children.map(
        (child) => new Promise<number>((resolve) => child.once("message", (m) => resolve((m as { admitted: number }).admitted))),
      )
      for (const child of children) child.send("go")
      const admitted = await Promise.all(results)
      expect(admitted[0]! + admitted[1]!).toBe(20)
      expect((await store.hit(k, 60_000)).count).toBe(51)
    } finally {
      for (const child of children) if (child.connected) child.disconnect()
    }
  }, 30_000)
})
