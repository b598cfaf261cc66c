// @vitest-environment happy-dom
/**
 * Security catalog RT-05 on the client: `signOut()` from `@gatehousejs/next/react` while a real SQLite store is down
 * (its database handle closed) ends on the error page that says sign-out did not complete, never on the callback URL.
 */
import { signOut } from "@gatehousejs/next/react"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import Database from "better-sqlite3"
import { afterEach, describe, expect, test, vi } from "vitest"
import { captureConsoleErrors, watchNavigation } from "./helpers/page.js"
import { ALICE, startServer, testConfig, type TestServer } from "./helpers/server.js"

const ERROR_PAGE = "http://localhost:3000/api/auth/error?error=SignOutError"

afterEach(() => {
  vi.restoreAllMocks()
})

async function signedInWithStoreDown(): Promise<TestServer> {
  const db = new Database(":memory:")
  const adapter = SqliteAdapter({ database: db })
  await adapter.createUser({ ...ALICE, emailVerified: null })
  const server = startServer(testConfig({ adapter, session: { strategy: "database" } }))
  await server.signInAlice()
  expect(server.jar.has("authjs.session-token")).toBe(true)
  db.close()
  return server
}

describe("RT-05 client signOut() while the store is down", () => {
  test("RT-05 redirect: the browser goes to ?error=SignOutError, not to the callback URL; the cookie is cleared", async () => {
    const server = await signedInWithStoreDown()
    captureConsoleErrors()
    const navigation = watchNavigation()
    await signOut({ redirectTo: "/bye" })
    expect(navigation.hrefs()).toEqual([ERROR_PAGE])
    expect(server.jar.has("authjs.session-token")).toBe(false)
  })

  test("RT-05 redirect: false resolves to the same error page", async () => {
    await signedInWithStoreDown()
    captureConsoleErrors()
    expect(await signOut({ redirect: false, redirectTo: "/bye" })).toEqual({ url: ERROR_PAGE })
  })
})
