/**
 * End to end through the core engine: `Auth()` with the Redis adapter (database sessions, the default with an
 * adapter), a credentials provider whose user is stored first, and a browser-like cookie jar. Covers sign-in,
 * `/session`, sign-out, a deleted user (DB-06) and a store outage (DB-07: 503 `null`, cookie kept, recovery).
 */
import { randomUUID } from "node:crypto"
import { serviceAvailable } from "@gatehousejs/adapter-test"
import type { Adapter, AdapterUser, AuthConfig } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, testConfig } from "../../core/test/helpers/auth.js"
import { RedisAdapter } from "../src/index.js"
import { deleteKeys, newClient, testPrefix } from "./store.js"

const up = await serviceAvailable("Redis")
const PASSWORD = "correct horse battery staple"

describe.skipIf(!up)("Auth() with the Redis adapter", () => {
  const client = newClient()
  const prefix = testPrefix()
  const adapter = RedisAdapter(client, { prefix }) as Required<Adapter>
  const errors: string[] = []
  let stored: AdapterUser

  const config: AuthConfig = testConfig({
    adapter,
    logger: { error: (error) => errors.push((error as { type?: string }).type ?? error.name), warn: () => {}, debug: () => {} },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        // The user was created in the store first; `authorize` returns it, so the session names a stored user.
        authorize: ({ username, password }) => (username === "ada" && password === PASSWORD ? stored : null),
      }),
    ],
  })

  beforeAll(async () => {
    await client.connect()
    stored = await adapter.createUser({ id: randomUUID(), name: "Ada", email: `ada-${randomUUID()}@example.com`, emailVerified: null })
  })
  afterAll(async () => {
    await deleteKeys(client, prefix)
    await client.quit()
  })

  const sessionCookie = (browser: Browser): string | undefined =>
    [...browser.jar].find(([name]) => name.endsWith("authjs.session-token"))?.[1]

  async function signedIn(): Promise<Browser> {
    const browser = new Browser(config)
    const response = await browser.signIn("ada", PASSWORD)
    expect(response.status).toBe(302)
    expect(sessionCookie(browser)).toBeDefined()
    return browser
  }

  it("signs in with a database session stored in Redis, answers /session, and signs out", async () => {
    const browser = await signedIn()
    const token = sessionCookie(browser)!
    expect(await client.exists(`${prefix}session:${token}`)).toBe(1)
    expect(await client.pttl(`${prefix}session:${token}`)).toBeGreaterThan(29 * 24 * 3600 * 1000)

    const response = await browser.request("/session")
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      user: { name: "Ada", email: stored.email },
      expires: expect.any(String),
    })

    const csrfToken = await browser.csrfToken()
    const signOut = await browser.request("/signout", { body: { csrfToken } })
    expect(signOut.status).toBe(302)
    expect(sessionCookie(browser)).toBeUndefined()
    expect(await client.exists(`${prefix}session:${token}`)).toBe(0)
    expect(await browser.session()).toBeNull()
  })

  it("with Redis unreachable, /session answers 503 null and keeps the cookie; after reconnecting it works again", async () => {
    const browser = await signedIn()
    const token = sessionCookie(browser)
    errors.length = 0

    client.disconnect()
    try {
      const response = await browser.request("/session")
      expect(response.status).toBe(503)
      expect(await response.json()).toBeNull()
      expect(response.headers.getSetCookie().filter((line) => line.includes("session-token"))).toEqual([])
      expect(sessionCookie(browser)).toBe(token)
      expect(errors).toContain("SessionTokenError")
    } finally {
      await client.connect()
    }

    const response = await browser.request("/session")
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ user: { name: "Ada", email: stored.email } })
  })

  it("with Redis refusing connections, /session answers 503 null within the client's retry budget and keeps the cookie", async () => {
    const browser = await signedIn()
    const token = sessionCookie(browser)
    // Same cookies, but the adapter's client points at a port where nothing listens (maxRetriesPerRequest: 1).
    const dead = new Redis("redis://127.0.0.1:1", { maxRetriesPerRequest: 1 })
    dead.on("error", () => {}) // connection refused, as expected
    try {
      const down = new Browser({ ...config, adapter: RedisAdapter(dead, { prefix }) })
      for (const [name, value] of browser.jar) down.jar.set(name, value)
      const started = Date.now()
      const response = await down.request("/session")
      expect(response.status).toBe(503)
      expect(await response.json()).toBeNull()
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(sessionCookie(down)).toBe(token)
    } finally {
      dead.disconnect()
    }
    expect((await browser.request("/session")).status).toBe(200)
  })

  it("after deleteUser the old cookie gives a null session and is cleared (DB-06)", async () => {
    const doomed = await adapter.createUser({ id: randomUUID(), name: "Ada", email: `ada-${randomUUID()}@example.com`, emailVerified: null })
    const previous = stored
    stored = doomed
    try {
      const browser = await signedIn()
      await adapter.deleteUser(doomed.id)
      const response = await browser.request("/session")
      expect(response.status).toBe(200)
      expect(await response.json()).toBeNull()
      expect(sessionCookie(browser)).toBeUndefined()
    } finally {
      stored = previous
    }
  })
})
