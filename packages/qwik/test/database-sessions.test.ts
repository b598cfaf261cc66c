/**
 * Database sessions (the SQLite adapter): the actions create and end the stored session, and `useSession()` reads it.
 */
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { afterAll, beforeAll, expect, it } from "vitest"
import { alice, Browser, idOf, SESSION_COOKIE, startApp, testConfig } from "./helpers/app.js"
import { QwikAuth$ } from "../src/index.js"

const adapter = SqliteAdapter({ filename: ":memory:" })
beforeAll(async () => {
  await adapter.createUser!({ id: alice.id, name: alice.name, email: alice.email, emailVerified: null })
})
afterAll(() => adapter.close())

it("useSignIn stores a session, useSession() reads it, useSignOut deletes it", async () => {
  const plugin = QwikAuth$(() => testConfig({ adapter, session: { strategy: "database" } }))
  const app = await startApp(plugin)
  try {
    const browser = new Browser(app.origin)
    const signIn = await browser.post(`/?qaction=${idOf(plugin.useSignIn)}`, {
      providerId: "credentials",
      "options.username": alice.username,
      "options.password": alice.password,
    })
    expect(signIn.status).toBe(303)
    const sessionToken = browser.jar.get(SESSION_COOKIE)!
    expect(await adapter.getSessionAndUser!(sessionToken)).toMatchObject({ user: { id: alice.id } })
    const { session } = await browser.page("/protected")
    expect(session).toMatchObject({ user: { email: alice.email } })
    expect(JSON.stringify(session)).not.toContain(sessionToken)

    await browser.post(`/?qaction=${idOf(plugin.useSignOut)}`, {})
    expect(await adapter.getSessionAndUser!(sessionToken)).toBeNull()
    expect((await browser.page("/")).session).toBeNull()
  } finally {
    await app.close()
  }
})
