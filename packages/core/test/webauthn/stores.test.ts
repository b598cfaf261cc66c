/**
 * The passkey flow on the other stores: register, sign out, sign in, and EC-17, with database sessions in PostgreSQL
 * and in Redis (skipped with a notice when the service does not answer, as every store test).
 */
import type { Adapter } from "@gatehousejs/core"
import { POSTGRES_URL, REDIS_URL, serviceAvailable } from "@gatehousejs/adapter-test"
import { PostgresAdapter } from "@gatehousejs/pg-adapter"
import { RedisAdapter } from "@gatehousejs/redis-adapter"
import { Redis } from "ioredis"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import { ORIGIN } from "../helpers/auth.js"
import { PasskeyBrowser, redirectError, setup } from "./helpers.js"

const postgresUp = await serviceAvailable("PostgreSQL")
const redisUp = await serviceAvailable("Redis")
const SCHEMA = "gatehouse_core_webauthn"
const PREFIX = `gatehouse-test:webauthn-${crypto.randomUUID()}:`

const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 4 })
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true })
afterAll(async () => {
  await pool.end()
  if (redisUp) {
    const keys = await redis.keys(`${PREFIX}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  }
})

async function passkeyFlow(adapter: Adapter): Promise<void> {
  const { config, adapter: sqlite } = setup({ adapter, session: { strategy: "database" } })
  sqlite.close()
  const email = `${crypto.randomUUID()}@example.com`
  const browser = new PasskeyBrowser(config)
  const { response } = await browser.register(email)
  expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
  browser.signOutLocally()
  expect(await browser.session()).toBeNull()
  expect((await browser.authenticate({ email })).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
  expect(await browser.session()).toMatchObject({ user: { email } })
  const user = (await adapter.getUserByEmail!(email))!
  const [stored] = await adapter.listAuthenticatorsByUserId!(user.id)
  expect(stored!.counter).toBe(1)

  // EC-17 on this store: another user's session, this passkey → refused, the authenticator untouched.
  const other = new PasskeyBrowser(config)
  await other.register(`${crypto.randomUUID()}@example.com`)
  const { body } = await other.options({ action: "authenticate" })
  const refused = await other.submit("authenticate", browser.authenticator.get(body.options!))
  expect(redirectError(refused).error).toBe("AccountNotLinked")
  expect(await adapter.getAuthenticator!(stored!.credentialID)).toEqual(stored)
}

describe.skipIf(!postgresUp)("passkeys with PostgreSQL", () => {
  it("register, sign out, sign in; EC-17 leaves the other user's authenticator untouched", async () => {
    const adapter = PostgresAdapter(pool, { schema: SCHEMA })
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`)
    await adapter.migrate()
    await passkeyFlow(adapter)
  })
})

describe.skipIf(!redisUp)("passkeys with Redis", () => {
  it("register, sign out, sign in; EC-17 leaves the other user's authenticator untouched", async () => {
    await redis.connect()
    await passkeyFlow(RedisAdapter(redis, { prefix: PREFIX }))
  })
})
