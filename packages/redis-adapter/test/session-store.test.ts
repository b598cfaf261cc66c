/**
 * RedisSessionStore against a real Redis, under a prefix of its own deleted afterwards: the session-store contract
 * (with a second process on its own client), then what is particular to Redis: the record's TTL follows `expires`
 * through updates, the per-user index outlives none of its sessions by much and loses expired entries, every method is
 * one command, and a client with ioredis's `keyPrefix` is refused.
 */
import { randomUUID } from "node:crypto"
import { fileURLToPath } from "node:url"
import { REDIS_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sessionStoreContract } from "../../adapter-test/src/session-store.js"
import { RedisAdapterError } from "../src/errors.js"
import { RedisSessionStore } from "../src/session-store.js"
import { commandsSentDuring, deleteKeys, keysUnder, newClient, testPrefix } from "./store.js"

const up = await serviceAvailable("Redis")
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

const session = (userId: string, expiresInMs: number) => ({
  sessionToken: `sid-${randomUUID()}`,
  userId,
  expires: new Date(Date.now() + expiresInMs),
  createdAt: new Date(),
  lastActiveAt: new Date(),
  userAgent: "curl/8.5.0",
  ip: "192.0.2.1",
})

describe.skipIf(!up)("RedisSessionStore", () => {
  const client = newClient()
  const prefix = testPrefix()
  const store = RedisSessionStore(client, { prefix })

  beforeAll(async () => {
    await client.connect()
  })
  afterAll(async () => {
    await deleteKeys(client, prefix)
    await client.quit()
  })

  sessionStoreContract("the session-store contract", {
    store: () => store,
    child: here("./session-store-child.ts"),
    childEnv: () => ({ SS_REDIS_URL: REDIS_URL, SS_PREFIX: prefix }),
  })

  /** Milliseconds `key` has left, checked to be `expected` within the time the test took. */
  async function expectTtl(key: string, expected: Date): Promise<void> {
    const ttl = await client.pttl(key)
    expect(ttl, key).toBeLessThanOrEqual(expected.getTime() - Date.now() + 50)
    expect(ttl, key).toBeGreaterThan(expected.getTime() - Date.now() - 1_000)
  }

  it("the record expires at its expires and the user's index lives as long as the user's latest session, through updates", async () => {
    const userId = `user-${randomUUID()}`
    const [short, long] = [session(userId, 60_000), session(userId, 120_000)]
    await store.createSession(short)
    await store.createSession(long)
    const [record, index] = [`${prefix}session:${short.sessionToken}`, `${prefix}by-user:${userId}`]
    await expectTtl(record, short.expires)
    await expectTtl(index, long.expires)
    const later = new Date(Date.now() + 300_000)
    await store.updateSession(short.sessionToken, { expires: later, lastActiveAt: new Date() })
    await expectTtl(record, later)
    await expectTtl(index, later)
    // A sooner expires shortens the record; the index keeps the latest one.
    const sooner = new Date(Date.now() + 30_000)
    await store.updateSession(short.sessionToken, { expires: sooner, lastActiveAt: new Date() })
    await expectTtl(record, sooner)
    await expectTtl(index, later)
  })

  it("listSessions and the next createSession drop index entries whose session has expired", async () => {
    const userId = `user-${randomUUID()}`
    const index = `${prefix}by-user:${userId}`
    const [brief, kept] = [session(userId, 200), session(userId, 60_000)]
    await store.createSession(brief)
    await store.createSession(kept)
    expect((await client.smembers(index)).sort()).toEqual([brief.sessionToken, kept.sessionToken].sort())
    await sleep(400)
    expect(await store.listSessions(userId)).toEqual([kept])
    expect(await client.smembers(index)).toEqual([kept.sessionToken])

    const another = session(userId, 200)
    await store.createSession(another)
    await sleep(400)
    const next = session(userId, 60_000)
    await store.createSession(next)
    expect((await client.smembers(index)).sort()).toEqual([kept.sessionToken, next.sessionToken].sort())
  })

  it("a session created already expired leaves no key behind", async () => {
    const userId = `user-${randomUUID()}`
    await store.createSession(session(userId, -1_000))
    expect(await keysUnder(client, `${prefix}by-user:${userId}`)).toEqual([])
    expect(await store.listSessions(userId)).toEqual([])
  })

  it("every method is one round trip: one command (EVALSHA, or HGETALL for a read)", async () => {
    const s = session(`user-${randomUUID()}`, 60_000)
    await store.createSession(s) // loads the scripts that the next calls run by SHA
    const calls: [string, () => Promise<unknown>, string][] = [
      ["createSession", () => store.createSession(s), "evalsha"],
      ["getSession", () => store.getSession(s.sessionToken), "hgetall"],
      ["updateSession", () => store.updateSession(s.sessionToken, { expires: new Date(Date.now() + 120_000), lastActiveAt: new Date() }), "evalsha"],
      ["listSessions", () => store.listSessions(s.userId), "evalsha"],
      ["deleteUserSessions", () => store.deleteUserSessions(s.userId, s.sessionToken), "evalsha"],
      ["deleteSession", () => store.deleteSession(s.sessionToken), "evalsha"],
    ]
    for (const [, call] of calls) await call() // each script once, so none falls back to EVAL below
    await store.createSession(s)
    for (const [method, call, command] of calls) expect(await commandsSentDuring(client, call), method).toEqual([command])
  })

  it("refuses an ioredis client with keyPrefix, which its scripts could not see", () => {
    const prefixed = new Redis(REDIS_URL, { keyPrefix: "app:", lazyConnect: true })
    try {
      expect(() => RedisSessionStore(prefixed)).toThrow(RedisAdapterError)
      expect(() => RedisSessionStore(prefixed)).toThrow("keyPrefix")
    } finally {
      prefixed.disconnect()
    }
  })
})
