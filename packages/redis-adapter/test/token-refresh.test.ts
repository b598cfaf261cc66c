/**
 * The Redis adapter's provider token refresh beyond the shared contract (which conformance.test.ts runs): TR-01
 * across two processes, the refresh state as a key of its own beside the account's record (which keeps exactly the
 * fields linkAccount wrote), the record's other fields kept byte for byte by the scripts, one EVALSHA per method, and the refusal of bad input.
 */
import { randomUUID } from "node:crypto"
import { fileURLToPath } from "node:url"
import { REDIS_URL, serviceAvailable, tokenRefreshProcessContract } from "@gatehousejs/adapter-test"
import type { Adapter, AdapterAccount } from "@gatehousejs/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RedisAdapter, RedisAdapterError } from "../src/index.js"
import { commandsSentDuring, deleteKeys, newClient, testPrefix } from "./store.js"

type Full<T> = { [K in keyof T]-?: NonNullable<T[K]> }

const up = await serviceAvailable("Redis")
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))

describe.skipIf(!up)("redis adapter token refresh", () => {
  const client = newClient()
  const prefix = testPrefix()
  const adapter = RedisAdapter(client, { prefix }) as Full<Adapter>

  beforeAll(async () => {
    await client.connect()
  })
  afterAll(async () => {
    await deleteKeys(client, prefix)
    await client.quit()
  })

  tokenRefreshProcessContract({
    adapter: () => adapter,
    child: here("./token-refresh-child.ts"),
    childEnv: () => ({ TR_REDIS_URL: REDIS_URL, TR_PREFIX: prefix }),
  })

  /** A new user with one GitHub account `fields`; returns its key and the user id. */
  async function linked(fields: Partial<AdapterAccount> = {}): Promise<{ userId: string; key: { provider: string; providerAccountId: string }; recordKey: string }> {
    const userId = randomUUID()
    await adapter.createUser({ id: userId, email: `${userId}@example.com`, emailVerified: null })
    const key = { provider: "github", providerAccountId: randomUUID() }
    await adapter.linkAccount({ ...key, userId, type: "oauth", refresh_token: "rt-1", access_token: "at-1", ...fields })
    return { userId, key, recordKey: `${prefix}account:github:${key.providerAccountId}` }
  }

  it("the refresh state is a key of its own: the account's record keeps exactly what linkAccount wrote, and unlinkAccount deletes the state", async () => {
    const { userId, key, recordKey } = await linked()
    const written = await client.get(recordKey)
    expect(await adapter.claimTokenRefresh(key, "rt-1", 60_000)).toBe(true)
    expect(await adapter.finishTokenRefresh(key, "rt-1", { failed: { permanent: true, retryAt: new Date(1_900_000_000_000) } })).toBe(true)
    expect(await client.get(recordKey), "the account's record").toBe(written)
    const stateKey = `${prefix}account-refresh:github:${key.providerAccountId}`
    expect(JSON.parse((await client.get(stateKey))!)).toEqual({ leaseUntil: 1_900_000_000_000, failed: true })
    expect(await adapter.getAccountForRefresh(userId, "github")).toMatchObject({ refreshLeaseUntil: new Date(1_900_000_000_000), refreshFailed: true })

    const expected = { ...key, userId, type: "oauth", refresh_token: "rt-1", access_token: "at-1" }
    expect(await adapter.getAccount(key.providerAccountId, "github")).toStrictEqual(expected)
    expect(await adapter.unlinkAccount(key)).toStrictEqual(expected)
    expect(await client.exists(stateKey), "the refresh state after unlinkAccount").toBe(0)
  })

  it("new tokens delete the refresh state, and a null token field is removed from the record, not stored as null", async () => {
    const { key, recordKey } = await linked({ id_token: "id-1" })
    expect(await adapter.claimTokenRefresh(key, "rt-1", 60_000)).toBe(true)
    expect(await adapter.finishTokenRefresh(key, "rt-1", { tokens: { refresh_token: "rt-2", id_token: null } })).toBe(true)
    const record = JSON.parse((await client.get(recordKey))!) as Record<string, unknown>
    expect(Object.keys(record).sort()).toEqual(["access_token", "provider", "providerAccountId", "refresh_token", "type", "userId"])
    expect(await client.exists(`${prefix}account-refresh:github:${key.providerAccountId}`), "the refresh state").toBe(0)
  })

  it("the record's other fields keep their text byte for byte: big numbers, empty arrays, nested objects, escaped strings", async () => {
    // What cjson.encode would change: 2^53 + 1 and 17 digits are rounded past 14 digits, [] becomes {}, "/" becomes "\/".
    const extras = {
      big: "12345678901234567",
      huge: "9007199254740993",
      empty: "[]",
      nested: `{"list":[1,{"a":[]}],"s":"a,b}c]"}`,
      url: `"https://example.com/a/b"`,
      quoted: `"say \\"hi\\", {ok}"`,
      unicode: `"\\u00e9t\u00e9 \\ud83d\\udd11"`,
    }
    const { key, recordKey } = await linked()
    // Written by hand after linkAccount, as JSON.stringify could not keep these numbers.
    const linkedText = (await client.get(recordKey))!
    const withExtras = `${linkedText.slice(0, -1)},${Object.entries(extras).map(([name, text]) => `"${name}":${text}`).join(",")}}`
    await client.set(recordKey, withExtras)

    expect(await adapter.claimTokenRefresh(key, "rt-1", 60_000)).toBe(true)
    expect(await adapter.finishTokenRefresh(key, "rt-1", { failed: { permanent: false, retryAt: new Date() } })).toBe(true)
    expect(await adapter.finishTokenRefresh(key, "rt-1", { tokens: { refresh_token: "rt-2", expires_at: 1_900_000_000 } })).toBe(true)
    await adapter.updateAccountTokens(key, { access_token: "at-3" })

    const text = (await client.get(recordKey))!
    for (const [name, value] of Object.entries(extras)) expect(text, name).toContain(`"${name}":${value}`)
    expect(JSON.parse(text)).toMatchObject({ refresh_token: "rt-2", access_token: "at-3", expires_at: 1_900_000_000, empty: [] })
  })

  it("each token-refresh method is one EVALSHA once its script is cached", async () => {
    const { userId, key } = await linked()
    const calls: [string, () => unknown][] = [
      ["getAccountForRefresh", () => adapter.getAccountForRefresh(userId, "github")],
      ["claimTokenRefresh", () => adapter.claimTokenRefresh(key, "rt-1", 60_000)],
      ["finishTokenRefresh (failed)", () => adapter.finishTokenRefresh(key, "rt-1", { failed: { permanent: false, retryAt: new Date() } })],
      ["finishTokenRefresh (tokens)", () => adapter.finishTokenRefresh(key, "rt-1", { tokens: { refresh_token: "rt-2" } })],
      ["updateAccountTokens", () => adapter.updateAccountTokens(key, { refresh_token: "rt-1" })],
    ]
    for (const [, call] of calls) await call() // caches each script if the server had forgotten it
    await adapter.updateAccountTokens(key, { refresh_token: "rt-1" })
    for (const [name, call] of calls) expect(await commandsSentDuring(client, call), name).toEqual(["evalsha"])
  })

  it("getAccountForRefresh reads only the user's accounts at that provider, skipping a stale member of the user's set", async () => {
    const { userId, key } = await linked()
    await client.sadd(`${prefix}account:by-user:${userId}`, "github:0-gone", "gitlab:1")
    await adapter.linkAccount({ provider: "gitlab", providerAccountId: randomUUID(), userId, type: "oauth", refresh_token: "x" })
    expect(await adapter.getAccountForRefresh(userId, "github")).toMatchObject({ ...key, refresh_token: "rt-1" })
    expect(await adapter.getAccountForRefresh(userId, "git")).toBeNull()
  })

  it("a record that is not a JSON object fails with CorruptValue, and is left as it is", async () => {
    const { key, recordKey } = await linked()
    await client.set(recordKey, "[1,2]")
    await expect(adapter.claimTokenRefresh(key, "rt-1", 60_000)).rejects.toThrow(RedisAdapterError)
    await expect(adapter.finishTokenRefresh(key, "rt-1", { tokens: {} })).rejects.toMatchObject({ code: "CorruptValue" })
    await expect(adapter.updateAccountTokens(key, { access_token: "x" })).rejects.toMatchObject({
      code: "CorruptValue",
      message: "updateAccountTokens: the stored account is not a JSON object.",
    })
    expect(await client.get(recordKey)).toBe("[1,2]")
  })

  it("refuses a lease that is not a whole number of milliseconds, a retryAt that is not a date, and an expires_at that is not a number", async () => {
    const key = { provider: "github", providerAccountId: "nobody" }
    await expect(adapter.claimTokenRefresh(key, "rt", 0)).rejects.toThrow("claimTokenRefresh: leaseMs must be a whole number of milliseconds, at least 1 (got 0).")
    await expect(adapter.claimTokenRefresh(key, "rt", 1.5)).rejects.toThrow("leaseMs must be a whole number")
    await expect(adapter.finishTokenRefresh(key, "rt", { failed: { permanent: false, retryAt: new Date(Number.NaN) } })).rejects.toThrow(
      "finishTokenRefresh: failed.retryAt must be a valid Date (got Invalid Date).",
    )
    await expect(adapter.updateAccountTokens(key, { expires_at: "soon" as never })).rejects.toThrow(
      "updateAccountTokens: expires_at must be a number of seconds or null (got soon).",
    )
  })
})
