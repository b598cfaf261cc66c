/**
 * What the Redis adapter promises beyond the shared contract: native TTLs, atomic single use, one round trip per
 * session check, unique e-mail and account keys under concurrency, and a cascade that leaves no key behind.
 */
import { createHash, randomUUID } from "node:crypto"
import { serviceAvailable } from "@gatehousejs/adapter-test"
import type { Adapter, AdapterUser } from "@gatehousejs/core"
import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RedisAdapter, RedisAdapterError } from "../src/index.js"
import { runScript } from "../src/scripts.js"
import { commandsSentDuring, deleteKeys, keysUnder, newClient, testPrefix } from "./store.js"

type Full<T> = { [K in keyof T]-?: NonNullable<T[K]> }

const up = await serviceAvailable("Redis")
const HOUR = 60 * 60 * 1000
/** Slack for the time between computing `expires` and Redis reading the TTL. */
const SLACK_MS = 5_000

describe.skipIf(!up)("redis adapter", () => {
  const client = newClient()
  const prefix = testPrefix()
  /** An adapter with a prefix of its own (under the file's), so a test can look at every key it made. */
  const isolated = (): { adapter: Full<Adapter>; prefix: string } => {
    const own = `${prefix}${randomUUID()}:`
    return { adapter: RedisAdapter(client, { prefix: own }) as Full<Adapter>, prefix: own }
  }
  const user = (overrides: Partial<AdapterUser> = {}): AdapterUser => ({
    id: randomUUID(),
    name: "Ada",
    email: `ada-${randomUUID()}@example.com`,
    emailVerified: null,
    ...overrides,
  })

  beforeAll(async () => {
    await client.connect()
  })
  afterAll(async () => {
    await deleteKeys(client, prefix)
    await client.quit()
  })

  describe("TTL", () => {
    it("createSession sets the session's TTL from expires; updateSession sets it again from the new expires", async () => {
      const { adapter, prefix: p } = isolated()
      const { id } = await adapter.createUser(user())
      const sessionToken = randomUUID()
      await adapter.createSession({ sessionToken, userId: id, expires: new Date(Date.now() + HOUR) })
      const first = await client.pttl(`${p}session:${sessionToken}`)
      expect(first).toBeGreaterThan(HOUR - SLACK_MS)
      expect(first).toBeLessThanOrEqual(HOUR)

      await adapter.updateSession({ sessionToken, expires: new Date(Date.now() + 30 * 24 * HOUR) })
      const refreshed = await client.pttl(`${p}session:${sessionToken}`)
      expect(refreshed).toBeGreaterThan(30 * 24 * HOUR - SLACK_MS)
      expect(refreshed).toBeLessThanOrEqual(30 * 24 * HOUR)
    })

    it("createVerificationToken sets the token's TTL from expires", async () => {
      const { adapter, prefix: p } = isolated()
      const token = { identifier: "a@example.com", token: "f".repeat(64), expires: new Date(Date.now() + 15 * 60_000) }
      await adapter.createVerificationToken(token)
      const ttl = await client.pttl(`${p}verification-token:${token.identifier}:${token.token}`)
      expect(ttl).toBeGreaterThan(15 * 60_000 - SLACK_MS)
      expect(ttl).toBeLessThanOrEqual(15 * 60_000)
    })

    // Redis's clock cannot be frozen: this waits 150 ms of real time for a 50 ms TTL.
    it("an expired session disappears by itself, and the next sign-in prunes it from the user's session set", async () => {
      const { adapter, prefix: p } = isolated()
      const { id } = await adapter.createUser(user())
      const sessionToken = randomUUID()
      await adapter.createSession({ sessionToken, userId: id, expires: new Date(Date.now() + 50) })
      expect(await adapter.getSessionAndUser(sessionToken)).not.toBeNull()

      await new Promise((resolve) => setTimeout(resolve, 150))
      expect(await client.exists(`${p}session:${sessionToken}`)).toBe(0)
      expect(await adapter.getSessionAndUser(sessionToken)).toBeNull()

      const next = randomUUID()
      await adapter.createSession({ sessionToken: next, userId: id, expires: new Date(Date.now() + HOUR) })
      expect(await client.smembers(`${p}session:by-user:${id}`)).toEqual([next])
    })

    it("an expired verification token cannot be used", async () => {
      const { adapter } = isolated()
      const token = { identifier: "b@example.com", token: "e".repeat(64), expires: new Date(Date.now() + 50) }
      await adapter.createVerificationToken(token)
      await new Promise((resolve) => setTimeout(resolve, 150))
      expect(await adapter.useVerificationToken(token)).toBeNull()
    })
  })

  describe("atomicity", () => {
    it("a verification token used by 20 concurrent calls has exactly one winner", async () => {
      const { adapter, prefix: p } = isolated()
      const token = { identifier: "c@example.com", token: "d".repeat(64), expires: new Date(Date.now() + HOUR) }
      await adapter.createVerificationToken(token)
      const results = await Promise.all(Array.from({ length: 20 }, () => adapter.useVerificationToken(token)))
      const winners = results.filter((result) => result !== null)
      expect(winners).toHaveLength(1)
      expect(winners[0]).toEqual(token)
      expect(await keysUnder(client, p)).toEqual([])
    })

    it("useVerificationToken is one GETDEL (never GET then DEL)", async () => {
      const { adapter } = isolated()
      const token = { identifier: "d@example.com", token: "c".repeat(64), expires: new Date(Date.now() + HOUR) }
      await adapter.createVerificationToken(token)
      const sent = await commandsSentDuring(client, () => adapter.useVerificationToken(token))
      expect(sent).toEqual(["getdel"])
    })

    it("20 concurrent createUser calls with the same email create one user; the others throw EmailAlreadyUsed", async () => {
      const { adapter, prefix: p } = isolated()
      const email = `race-${randomUUID()}@example.com`
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => adapter.createUser(user({ email }))))
      const created = results.filter((result) => result.status === "fulfilled")
      expect(created).toHaveLength(1)
      for (const result of results) {
        if (result.status === "rejected") {
          expect(result.reason).toBeInstanceOf(RedisAdapterError)
          expect((result.reason as RedisAdapterError).code).toBe("EmailAlreadyUsed")
        }
      }
      const userKeys = (await keysUnder(client, p)).filter((key) => !key.startsWith(`${p}user:email:`))
      expect(userKeys).toHaveLength(1)
      expect((await adapter.getUserByEmail(email))?.id).toBe(created[0]?.value.id)
    })

    it("users without an e-mail (core passes email: \"\") do not collide on the e-mail index", async () => {
      const { adapter, prefix: p } = isolated()
      await adapter.createUser(user({ email: "" }))
      await adapter.createUser(user({ email: "" }))
      expect(await adapter.getUserByEmail("")).toBeNull()
      expect((await keysUnder(client, p)).filter((key) => key.includes("user:email:"))).toEqual([])
    })

    it("linkAccount throws AccountAlreadyLinked for an account that is linked, and UserNotFound for a missing user", async () => {
      const { adapter } = isolated()
      const { id } = await adapter.createUser(user())
      const account = { userId: id, type: "oauth" as const, provider: "github", providerAccountId: "42" }
      await adapter.linkAccount(account)
      await expect(adapter.linkAccount(account)).rejects.toMatchObject({ code: "AccountAlreadyLinked" })
      await expect(adapter.linkAccount({ ...account, providerAccountId: "43", userId: randomUUID() })).rejects.toMatchObject({
        code: "UserNotFound",
      })
    })

    it("updateUser moves the e-mail index, and refuses an e-mail another user has", async () => {
      const { adapter } = isolated()
      const ada = await adapter.createUser(user())
      const bob = await adapter.createUser(user())
      const email = `new-${randomUUID()}@example.com`
      await adapter.updateUser({ id: ada.id, email })
      expect(await adapter.getUserByEmail(ada.email)).toBeNull()
      expect((await adapter.getUserByEmail(email))?.id).toBe(ada.id)
      await expect(adapter.updateUser({ id: bob.id, email })).rejects.toMatchObject({ code: "EmailAlreadyUsed" })
      expect((await adapter.getUser(bob.id))?.email).toBe(bob.email)
    })

    it("updateUser ignores undefined fields and throws UserNotFound for an unknown id", async () => {
      const { adapter } = isolated()
      const ada = await adapter.createUser(user())
      expect((await adapter.updateUser({ id: ada.id, name: undefined }))?.name).toBe("Ada")
      await expect(adapter.updateUser({ id: randomUUID(), name: "x" })).rejects.toMatchObject({ code: "UserNotFound" })
    })

    it("deleteUser leaves no key of the user behind (user, e-mail index, accounts, sessions, authenticators, password, sets)", async () => {
      const { adapter, prefix: p } = isolated()
      const { id } = await adapter.createUser(user())
      await adapter.linkAccount({ userId: id, type: "oauth", provider: "github", providerAccountId: "1" })
      await adapter.linkAccount({ userId: id, type: "webauthn", provider: "passkey", providerAccountId: "2" })
      await adapter.createSession({ sessionToken: randomUUID(), userId: id, expires: new Date(Date.now() + HOUR) })
      await adapter.createAuthenticator({
        credentialID: "cred-1",
        userId: id,
        providerAccountId: "2",
        counter: 0,
        credentialBackedUp: false,
        credentialPublicKey: "AAAA",
        transports: null,
        credentialDeviceType: "singleDevice",
      })
      await adapter.setUserPassword(id, { hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", resetToken: null, updatedAt: new Date() })
      expect((await keysUnder(client, p)).length).toBe(11)
      expect((await adapter.deleteUser(id))?.id).toBe(id)
      expect(await keysUnder(client, p)).toEqual([])
    })

    it("updateAuthenticatorCounter throws AuthenticatorNotFound for an unknown credential", async () => {
      const { adapter } = isolated()
      await expect(adapter.updateAuthenticatorCounter("nope", 1)).rejects.toMatchObject({ code: "AuthenticatorNotFound" })
    })
  })

  describe("round trips", () => {
    it("getSessionAndUser is one command (EVALSHA) once the script is cached", async () => {
      const { adapter } = isolated()
      const created = await adapter.createUser(user())
      const sessionToken = randomUUID()
      await adapter.createSession({ sessionToken, userId: created.id, expires: new Date(Date.now() + HOUR) })
      await adapter.getSessionAndUser(sessionToken) // caches the script if the server had forgotten it

      let found: Awaited<ReturnType<typeof adapter.getSessionAndUser>> = null
      const sent = await commandsSentDuring(client, async () => {
        found = await adapter.getSessionAndUser(sessionToken)
      })
      expect(sent).toEqual(["evalsha"])
      // A session written without metadata reads back with exactly the keys it was written with.
      expect(found).toStrictEqual({ session: { sessionToken, userId: created.id, expires: expect.any(Date) }, user: created })
    })

    it("a script the server does not know yet falls back to EVAL once, then runs by SHA", async () => {
      const lua = `-- ${randomUUID()}\nreturn 'OK'`
      const fresh = { lua, sha: createHash("sha1").update(lua).digest("hex") }
      const first = await commandsSentDuring(client, () => runScript(client, fresh, [], []))
      expect(first).toEqual(["evalsha", "eval"])
      const second = await commandsSentDuring(client, () => runScript(client, fresh, [], []))
      expect(second).toEqual(["evalsha"])
    })
  })

  it("refuses a client with ioredis keyPrefix, which Lua scripts would not see", () => {
    const prefixed = new Redis({ keyPrefix: "app:", lazyConnect: true })
    expect(() => RedisAdapter(prefixed)).toThrow(RedisAdapterError)
    prefixed.disconnect()
  })
})
