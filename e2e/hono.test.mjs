/**
 * The Hono example (`examples/hono`, `@gatehousejs/hono` on `@hono/node-server`) in a real browser: password sign-in
 * on Gatehouse's built-in page, the page and the JSON API behind the session, Gatehouse's sign-out page; the Demo IdP
 * (another origin) and back; an e-mail link from the example's outbox. The example runs in this process, as the demo
 * does in harness.mjs's `startDemo`, on ephemeral ports with a temporary SQLite file.
 */
import assert from "node:assert/strict"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { after, before, test } from "node:test"
import { cspConsoleErrors, launchBrowser, screenshot, see, serverErrors } from "./harness.mjs"

let example
let browser

/** The example as `npm start` runs it (harness.mjs has set a fixed AUTH_SECRET), with Gatehouse's log kept in memory. */
async function startExample() {
  const { start } = await import("../examples/hono/src/app.js")
  const directory = await mkdtemp(join(tmpdir(), "gatehouse-e2e-hono-"))
  const serverLog = []
  const logger = {
    error: (error) => serverLog.push(["error", error?.type ?? error?.name ?? String(error)]),
    warn: (code) => serverLog.push(["warn", code]),
    debug: () => {},
  }
  const app = await start({ port: 0, idp: { port: 0 }, database: join(directory, "hono.sqlite"), logger })
  return {
    ...app,
    serverLog,
    async close() {
      try {
        await app.close()
      } finally {
        await rm(directory, { recursive: true, force: true })
      }
    },
  }
}

before(async () => {
  example = await startExample()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await example?.close()
})

/** Home → "Sign out" → Gatehouse's sign-out page → its button → the signed-out home page. */
async function signOut(page) {
  await page.getByRole("link", { name: "Sign out", exact: true }).click()
  await see(page.getByText("Are you sure you want to sign out?"))
  assert.equal(new URL(page.url()).pathname, "/api/auth/signout")
  await page.getByRole("button", { name: "Sign out", exact: true }).click()
  await see(page.getByRole("heading", { name: "Welcome", exact: true }))
  assert.equal(page.url(), `${example.url}/`)
}

function assertNoProblems() {
  assert.deepEqual(browser.problems.cspViolations, [])
  assert.deepEqual(cspConsoleErrors(browser.problems), [])
  assert.deepEqual(browser.problems.pageErrors, [])
}

test("hono: alice signs in with her password, opens the private page and /api/me, and signs out", { timeout: 15_000 }, async () => {
  const { page, context } = browser
  await page.goto(`${example.url}/`)
  await see(page.getByRole("heading", { name: "Welcome", exact: true }))
  assert.equal((await context.request.get(`${example.url}/api/me`)).status(), 401)
  await page.getByRole("link", { name: "Sign in", exact: true }).click()

  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  assert.equal(new URL(page.url()).pathname, "/api/auth/signin")
  await page.getByLabel("Username").fill("alice")
  await page.getByLabel("Password").fill("wonderland")
  await page.getByRole("button", { name: "Sign in with Password" }).click()

  await see(page.getByRole("heading", { name: "Signed in as Alice (alice@example.com)", exact: true }))
  assert.equal(page.url(), `${example.url}/`)
  assert.equal(await see(page.getByText("You signed in with")), "You signed in with a password.")
  await screenshot(page, "hono-password-signed-in")

  await page.getByRole("link", { name: "Private page", exact: true }).first().click()
  await see(page.getByRole("heading", { name: "Private page", exact: true }))
  await see(page.getByText("Hello, Alice!"))

  // verifyAuth()'s API with the browser's cookies: c.get("authUser") of a JWT session.
  const me = await context.request.get(`${example.url}/api/me`)
  assert.equal(me.status(), 200)
  const authUser = await me.json()
  assert.equal(authUser.session.user.email, "alice@example.com")
  assert.equal(authUser.session.provider, "credentials")
  assert.equal(authUser.token.sub, "1")

  await page.goto(`${example.url}/`)
  await signOut(page)
  await see(page.getByText("You are not signed in."))
  await screenshot(page, "hono-signed-out")
  assert.equal((await context.request.get(`${example.url}/api/me`)).status(), 401)

  // The session is gone, not just hidden: the private page sends the browser to sign in, and back there afterwards.
  await page.goto(`${example.url}/private`)
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  assert.equal(new URL(page.url()).searchParams.get("callbackUrl"), `${example.url}/private`)

  assertNoProblems()
  assert.deepEqual(serverErrors(example), [])
})

test("hono: Carol signs in through the Demo IdP's account picker and signs out", { timeout: 15_000 }, async () => {
  const { page } = browser
  await page.goto(`${example.url}/`)
  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await page.getByRole("button", { name: "Sign in with Demo IdP" }).click()

  await see(page.getByText("This is a demo identity provider."))
  assert.equal(new URL(page.url()).origin, example.idp.issuer)
  await page.getByRole("button", { name: /Carol Demo/ }).click()

  await see(page.getByRole("heading", { name: "Signed in as Carol Demo (carol@idp.example)", exact: true }))
  assert.equal(page.url(), `${example.url}/`)
  assert.equal(await see(page.getByText("You signed in through")), "You signed in through the Demo IdP.")
  await screenshot(page, "hono-demo-idp-signed-in")

  await signOut(page)
  assertNoProblems()
  assert.deepEqual(serverErrors(example), [])
})

test("hono: a new address signs in with the e-mail link from the outbox", { timeout: 15_000 }, async () => {
  const { page } = browser
  await page.goto(`${example.url}/`)
  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await page.getByLabel("Email").fill("newuser@example.com")
  await page.getByRole("button", { name: "Sign in with Email" }).click()

  await see(page.getByRole("heading", { name: "Check your email", exact: true }))
  await page.getByRole("link", { name: "Open the outbox" }).click()
  const link = page.getByRole("link", { name: "Sign in as newuser@example.com", exact: true })
  await see(link)
  assert.equal(new URL(await link.getAttribute("href")).pathname, "/api/auth/callback/email")
  await link.click()

  await see(page.getByRole("heading", { name: "Signed in as newuser@example.com", exact: true }))
  assert.equal(await see(page.getByText("You signed in with")), "You signed in with a link sent by e-mail.")
  await screenshot(page, "hono-magic-link-signed-in")

  await signOut(page)
  assertNoProblems()
  assert.deepEqual(serverErrors(example), [])
})
