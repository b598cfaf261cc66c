/**
 * The Redis adapter's password records beyond the shared contract (which conformance.test.ts runs): the key and the
 * JSON they are stored as (`keys.ts`), written only while the user exists (the script checks, so a record cannot
 * outlive its user), and a stored value that is not what the adapter wrote refused rather than read as "no password".
 */
import { randomUUID } from "node:crypto"
import { serviceAvailable } from "@gatehousejs/adapter-test"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RedisAdapter, RedisAdapterError } from "../src/index.js"
import { deleteKeys, keysUnder, newClient, testPrefix } from "./store.js"

const up = await serviceAvailable("Redis")
const PASSWORD = { hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", resetToken: null, updatedAt: new Date("2026-01-02T03:04:05.006Z") }

describe.skipIf(!up)("RedisAdapter password records", () => {
  const client = newClient()
  const prefix = testPrefix()
  const adapter = RedisAdapter(client, { prefix })
  const newUser = async (): Promise<string> => (await adapter.createUser({ id: randomUUID(), email: `${randomUUID()}@example.com`, emailVerified: null })).id

  beforeAll(async () => {
    await client.connect()
  })
  afterAll(async () => {
    await deleteKeys(client, prefix)
    await client.quit()
  })

  it("the record is the key user-password:<userId>, JSON with updatedAt as an ISO string; null deletes the key", async () => {
    const id = await newUser()
    await adapter.setUserPassword(id, { ...PASSWORD, resetToken: "a".repeat(64) })
    expect(JSON.parse((await client.get(`${prefix}user-password:${id}`))!)).toEqual({
      hash: PASSWORD.hash,
      resetToken: "a".repeat(64),
      updatedAt: "2026-01-02T03:04:05.006Z",
    })
    await adapter.setUserPassword(id, null)
    expect(await client.exists(`${prefix}user-password:${id}`)).toBe(0)
  })

  it("setUserPassword for a user that does not exist (or no longer does) is refused with UserNotFound, and writes no key", async () => {
    const id = await newUser()
    await adapter.deleteUser(id)
    for (const userId of [id, randomUUID()]) {
      const refused = adapter.setUserPassword(userId, PASSWORD)
      await expect(refused).rejects.toBeInstanceOf(RedisAdapterError)
      await expect(refused).rejects.toMatchObject({ code: "UserNotFound" })
    }
    expect((await keysUnder(client, prefix)).filter((key) => key.includes("user-password:"))).toEqual([])
    // Deleting a record nobody has is no error.
    await adapter.setUserPassword(randomUUID(), null)
  })

  it("a stored record that is not what the adapter wrote is refused with CorruptValue, never read as no password", async () => {
    for (const stored of ["not json", "[]", JSON.stringify({ hash: 1, resetToken: null, updatedAt: "2026-01-01T00:00:00Z" }), JSON.stringify({ hash: null, resetToken: null, updatedAt: "yesterday" })]) {
      const id = await newUser()
      await client.set(`${prefix}user-password:${id}`, stored)
      await expect(adapter.getUserPassword(id), stored).rejects.toMatchObject({ code: "CorruptValue" })
    }
  })

  it("a malformed record (an invalid updatedAt, a hash that is not text) is refused before anything is written", async () => {
    const id = await newUser()
    await expect(adapter.setUserPassword(id, { ...PASSWORD, updatedAt: new Date(Number.NaN) })).rejects.toThrow(TypeError)
    await expect(adapter.setUserPassword(id, { ...PASSWORD, hash: 42 as unknown as string })).rejects.toThrow(TypeError)
    expect(await client.exists(`${prefix}user-password:${id}`)).toBe(0)
  })
})
