/**
 * migrate() on keys written by an older Gatehouse, which kept the session registry's metadata inside each session's
 * record and the token refresh's state inside each account's record: the values move to keys of their own, the
 * records keep exactly the other fields (byte for byte, TTL included), and the registry and the refresh read the
 * moved values. Run twice (idempotent) and from three clients at once.
 */
import { randomUUID } from "node:crypto"
import { serviceAvailable } from "@gatehousejs/adapter-test"
import type { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RedisAdapter, type RedisAdapterInstance } from "../src/index.js"
import { deleteKeys, newClient, testPrefix } from "./store.js"

const up = await serviceAvailable("Redis")
const HOUR = 60 * 60 * 1000

const CREATED = new Date("2026-01-02T03:04:05.006Z")
const SEEN = new Date("2026-01-03T00:00:00.000Z")
const LEASE = 4_102_444_800_000

describe.skipIf(!up)("redis adapter migrate() from an older Gatehouse", () => {
  const client = newClient()
  const prefix = testPrefix()
  const expires = new Date(Date.now() + HOUR)

  beforeAll(async () => {
    await client.connect()
  })
  afterAll(async () => {
    await deleteKeys(client, prefix)
    await client.quit()
  })

  /** Keys as the older Gatehouse wrote them, under a prefix of their own: a user, two sessions and three accounts. */
  async function olderKeys(): Promise<string> {
    const p = `${prefix}${randomUUID()}:`
    const set = (key: string, value: object, ...ttl: ["PX", number] | []): Promise<unknown> => client.set(`${p}${key}`, JSON.stringify(value), ...(ttl as []))
    await set("user:u1", { id: "u1", email: "old@example.com", emailVerified: null })
    await set(
      "session:with-metadata",
      { sessionToken: "with-metadata", userId: "u1", expires, createdAt: CREATED, lastActiveAt: SEEN, userAgent: 'Firefox "quoted" Ünïcode', ip: "2001:db8::7" },
      "PX",
      HOUR,
    )
    await set("session:without-metadata", { sessionToken: "without-metadata", userId: "u1", expires, createdAt: null, lastActiveAt: null, userAgent: null, ip: null }, "PX", HOUR)
    await client.sadd(`${p}session:by-user:u1`, "with-metadata", "without-metadata")
    const account = (provider: string, extra: object): object => ({ userId: "u1", type: "oauth", provider, providerAccountId: `${provider}-1`, refresh_token: `rt-${provider}`, ...extra })
    // Written as text: a number past 2^53 and an empty array, which a decode and re-encode would change.
    await client.set(
      `${p}account:github:github-1`,
      `{"userId":"u1","type":"oauth","provider":"github","providerAccountId":"github-1","refresh_token":"rt-github","refresh_lease_until":${LEASE},"refresh_failed":true,"big":12345678901234567,"list":[]}`,
    )
    await set("account:gitlab:gitlab-1", account("gitlab", { refresh_lease_until: LEASE }))
    await set("account:google:google-1", account("google", {}))
    await client.sadd(`${p}account:by-user:u1`, "github:github-1", "gitlab:gitlab-1", "google:google-1")
    await client.sadd(`${p}account:failed-by-user:u1`, "github:github-1")
    return p
  }

  /** What the registry and the token refresh read after the migration: the old values, every one. */
  async function expectMigrated(adapter: RedisAdapterInstance, p: string): Promise<void> {
    expect((await adapter.getSessionAndUser("with-metadata"))?.session).toStrictEqual({
      sessionToken: "with-metadata",
      userId: "u1",
      expires,
      createdAt: CREATED,
      lastActiveAt: SEEN,
      userAgent: 'Firefox "quoted" Ünïcode',
      ip: "2001:db8::7",
      refreshFailed: true,
    })
    expect((await adapter.getSessionAndUser("without-metadata"))?.session).toStrictEqual({ sessionToken: "without-metadata", userId: "u1", expires, refreshFailed: true })
    expect((await adapter.listSessions("u1")).map((s) => [s.sessionToken, s.createdAt])).toEqual([
      ["with-metadata", CREATED],
      ["without-metadata", null],
    ])
    expect(await adapter.getAccountForRefresh("u1", "github")).toMatchObject({ refreshLeaseUntil: new Date(LEASE), refreshFailed: true })
    expect(await adapter.getAccountForRefresh("u1", "gitlab")).toMatchObject({ refreshLeaseUntil: new Date(LEASE), refreshFailed: false })
    expect(await adapter.getAccountForRefresh("u1", "google")).toMatchObject({ refreshLeaseUntil: null, refreshFailed: false })
    expect(await adapter.claimTokenRefresh({ provider: "gitlab", providerAccountId: "gitlab-1" }, "rt-gitlab", 1_000), "a live lease").toBe(false)

    // The records hold the Auth.js fields only, every other one as it was written, and the sessions keep their TTL.
    expect(await client.get(`${p}account:github:github-1`)).toBe(
      '{"userId":"u1","type":"oauth","provider":"github","providerAccountId":"github-1","refresh_token":"rt-github","big":12345678901234567,"list":[]}',
    )
    expect(JSON.parse((await client.get(`${p}session:without-metadata`))!)).toEqual({ sessionToken: "without-metadata", userId: "u1", expires: expires.toISOString() })
    expect(await client.pttl(`${p}session:with-metadata`)).toBeGreaterThan(0)
    expect(await client.pttl(`${p}session-metadata:with-metadata`)).toBeGreaterThan(0)
    expect(await client.exists(`${p}session-metadata:without-metadata`), "no key when nothing is known").toBe(0)
  }

  it("twice in a row: the values move to keys of their own, the second run changes nothing", async () => {
    const p = await olderKeys()
    const adapter = RedisAdapter(client, { prefix: p })
    expect(await adapter.migrate()).toEqual({ sessions: 2, accounts: 2 })
    expect(await adapter.migrate()).toEqual({ sessions: 0, accounts: 0 })
    await expectMigrated(adapter, p)
  })

  it("from three clients at once: each record is moved once", async () => {
    const p = await olderKeys()
    const clients: Redis[] = [newClient(), newClient(), newClient()]
    try {
      await Promise.all(clients.map((c) => c.connect()))
      const results = await Promise.all(clients.map((c) => RedisAdapter(c, { prefix: p }).migrate()))
      expect(results.reduce((sum, r) => sum + r.sessions + r.accounts, 0)).toBe(4)
    } finally {
      await Promise.all(clients.map((c) => c.quit()))
    }
    await expectMigrated(RedisAdapter(client, { prefix: p }), p)
  })

  it("deleting a user deletes their sessions' metadata and their accounts' refresh state", async () => {
    const p = await olderKeys()
    const adapter = RedisAdapter(client, { prefix: p })
    await adapter.migrate()
    await adapter.deleteUser("u1")
    const [cursor, left] = await client.scan("0", "MATCH", `${p}*`, "COUNT", 1000)
    expect(cursor).toBe("0")
    expect(left).toEqual([])
  })
})
