/**
 * The Redis adapter's session registry beyond the shared contract (which conformance.test.ts runs): records written
 * before the registry read with no metadata (and list with null metadata), the index of a user's sessions pruned as they expire, the user's set of
 * failed accounts kept in step with the token refresh's mark (and left behind by no cascade), and one EVALSHA per call.
 */
import { randomUUID } from "node:crypto"
import { serviceAvailable } from "@gatehousejs/adapter-test"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RedisAdapter, type RedisAdapterInstance } from "../src/index.js"
import { commandsSentDuring, deleteKeys, keysUnder, newClient, testPrefix } from "./store.js"

const up = await serviceAvailable("Redis")
const HOUR = 60 * 60 * 1000
const UNKNOWN = { createdAt: null, lastActiveAt: null, userAgent: null, ip: null }

describe.skipIf(!up)("redis adapter session registry", () => {
  const client = newClient()
  const prefix = testPrefix()
  /** An adapter with a prefix of its own (under the file's), so a test can look at every key it made. */
  const isolated = (): { adapter: RedisAdapterInstance; prefix: string } => {
    const own = `${prefix}${randomUUID()}:`
    return { adapter: RedisAdapter(client, { prefix: own }), prefix: own }
  }

  beforeAll(async () => {
    await client.connect()
  })
  afterAll(async () => {
    await deleteKeys(client, prefix)
    await client.quit()
  })

  /** A new user with a GitHub account whose refresh the provider refused for good; its id and account key. */
  async function userWithFailedAccount(adapter: RedisAdapterInstance): Promise<{ userId: string; key: { provider: string; providerAccountId: string } }> {
    const userId = randomUUID()
    await adapter.createUser({ id: userId, email: `${userId}@example.com`, emailVerified: null })
    const key = { provider: "github", providerAccountId: randomUUID() }
    await adapter.linkAccount({ ...key, userId, type: "oauth", refresh_token: "rt-1" })
    expect(await adapter.claimTokenRefresh(key, "rt-1", 60_000)).toBe(true)
    expect(await adapter.finishTokenRefresh(key, "rt-1", { failed: { permanent: true, retryAt: new Date(Date.now() + HOUR) } })).toBe(true)
    return { userId, key }
  }

  it("a session record written before the registry (no metadata key) reads with no metadata, lists with null metadata, and updates", async () => {
    const { adapter, prefix: p } = isolated()
    const userId = randomUUID()
    await adapter.createUser({ id: userId, email: `${userId}@example.com`, emailVerified: null })
    const expires = new Date(Date.now() + HOUR)
    expires.setMilliseconds(0)
    await client.set(`${p}session:old-token`, JSON.stringify({ sessionToken: "old-token", userId, expires }), "PX", HOUR)
    await client.sadd(`${p}session:by-user:${userId}`, "old-token")

    const session = { sessionToken: "old-token", userId, expires }
    expect((await adapter.getSessionAndUser("old-token"))?.session).toStrictEqual(session)
    expect(await adapter.listSessions(userId)).toEqual([{ ...session, ...UNKNOWN }])
    const seen = new Date()
    const update = { sessionToken: "old-token", lastActiveAt: seen }
    expect(await adapter.updateSession(update)).toStrictEqual({ ...session, lastActiveAt: seen })
    expect(await adapter.deleteSession("old-token")).toStrictEqual(session)
    expect(await keysUnder(client, `${p}session-metadata:`), "the metadata key goes with the session").toEqual([])
  })

  // Redis's clock cannot be frozen: this waits 150 ms of real time for a 50 ms TTL.
  it("listSessions leaves out a session that expired by itself and drops its token from the user's set", async () => {
    const { adapter, prefix: p } = isolated()
    const userId = randomUUID()
    await adapter.createUser({ id: userId, email: `${userId}@example.com`, emailVerified: null })
    await adapter.createSession({ sessionToken: "short", userId, expires: new Date(Date.now() + 50) })
    await adapter.createSession({ sessionToken: "long", userId, expires: new Date(Date.now() + HOUR) })
    await new Promise((resolve) => setTimeout(resolve, 150))

    expect((await adapter.listSessions(userId)).map((s) => s.sessionToken)).toEqual(["long"])
    expect(await client.smembers(`${p}session:by-user:${userId}`)).toEqual(["long"])
  })

  it("the user's failed set holds an account while it is marked failed, and loses it with new tokens or when it is unlinked", async () => {
    const { adapter, prefix: p } = isolated()
    const { userId, key } = await userWithFailedAccount(adapter)
    const failedSet = `${p}account:failed-by-user:${userId}`
    expect(await client.smembers(failedSet)).toEqual([`github:${key.providerAccountId}`])

    await adapter.updateAccountTokens(key, { refresh_token: "rt-2" })
    expect(await client.exists(failedSet)).toBe(0)

    expect(await adapter.claimTokenRefresh(key, "rt-2", 60_000)).toBe(true)
    expect(await adapter.finishTokenRefresh(key, "rt-2", { failed: { permanent: true, retryAt: new Date() } })).toBe(true)
    expect(await client.smembers(failedSet)).toEqual([`github:${key.providerAccountId}`])
    await adapter.unlinkAccount(key)
    expect(await client.exists(failedSet)).toBe(0)
  })

  it("deleteUser of a user with a failed account leaves no key behind, the failed set included", async () => {
    const { adapter, prefix: p } = isolated()
    const { userId } = await userWithFailedAccount(adapter)
    await adapter.createSession({ sessionToken: randomUUID(), userId, expires: new Date(Date.now() + HOUR) })
    expect(await keysUnder(client, p)).toContain(`${p}account:failed-by-user:${userId}`)
    await adapter.deleteUser(userId)
    expect(await keysUnder(client, p)).toEqual([])
  })

  it("the session check with a failed account, listSessions and deleteUserSessions are each one EVALSHA", async () => {
    const { adapter } = isolated()
    const { userId } = await userWithFailedAccount(adapter)
    const sessionToken = randomUUID()
    await adapter.createSession({ sessionToken, userId, expires: new Date(Date.now() + HOUR), createdAt: new Date() })
    // Cache the scripts if the server had forgotten them.
    await adapter.getSessionAndUser(sessionToken)
    await adapter.listSessions(userId)
    await adapter.deleteUserSessions(randomUUID())

    let refreshFailed: unknown
    const checks: [string, () => Promise<unknown>][] = [
      ["getSessionAndUser", async () => (refreshFailed = (await adapter.getSessionAndUser(sessionToken))?.session)],
      ["listSessions", () => adapter.listSessions(userId)],
      ["deleteUserSessions", () => adapter.deleteUserSessions(userId, sessionToken)],
    ]
    for (const [name, check] of checks) expect(await commandsSentDuring(client, check), name).toEqual(["evalsha"])
    expect(refreshFailed).toMatchObject({ refreshFailed: true })
  })

  it("refuses metadata of the wrong type with the method's name, and stores nothing", async () => {
    const { adapter, prefix: p } = isolated()
    const userId = randomUUID()
    await adapter.createUser({ id: userId, email: `${userId}@example.com`, emailVerified: null })
    const base = { sessionToken: "t1", userId, expires: new Date(Date.now() + HOUR) }
    await expect(adapter.createSession({ ...base, createdAt: new Date(Number.NaN) })).rejects.toThrow(
      "createSession: createdAt must be a valid Date or null (got Invalid Date).",
    )
    await expect(adapter.createSession({ ...base, ip: 7 as never })).rejects.toThrow("createSession: ip must be a string or null (got number).")
    expect(await client.exists(`${p}session:t1`)).toBe(0)
    await adapter.createSession(base)
    await expect(adapter.updateSession({ sessionToken: "t1", lastActiveAt: "now" as never })).rejects.toThrow(
      "updateSession: lastActiveAt must be a valid Date or null (got now).",
    )
  })
})
