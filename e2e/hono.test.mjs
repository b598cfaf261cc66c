/**
 * The Hono example (`examples/hono`, `@gatehousejs/hono` on `@hono/node-server`) in a real browser: password sign-in
 * on Gatehouse's built-in page, the page and the JSON API behind the session, Gatehouse's sign-out page; the Demo IdP
 * (another origin) and back; an e-mail link from the example's outbox. The example runs in this process, as the demo
 * does in harness.mjs's `startDemo` (`startInProcess`), on ephemeral ports with a temporary SQLite file.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { launchBrowser, screenshot, see, serverErrors, startInProcess } from "./harness.mjs"
import { assertNoPageProblems, followOutboxLink, pickDemoIdpAccount, requestEmailLink, signInWithPassword } from "./steps.mjs"

let example
let browser

before(async () => {
  example = await startInProcess({ example: "hono" })
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

test("hono: alice signs in with her password, opens the private page and /api/me, and signs out", { timeout: 15_000 }, async () => {
  const { page, context } = browser
  await page.goto(`${example.url}/`)
  await see(page.getByRole("heading", { name: "Welcome", exact: true }))
  assert.equal((await context.request.get(`${example.url}/api/me`)).status(), 401)
  await page.getByRole("link", { name: "Sign in", exact: true }).click()

  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  assert.equal(new URL(page.url()).pathname, "/api/auth/signin")
  await signInWithPassword(page, { username: "alice", password: "wonderland" })

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

  assertNoPageProblems(browser)
  assert.deepEqual(serverErrors(example), [])
})

test("hono: Carol signs in through the Demo IdP's account picker and signs out", { timeout: 15_000 }, async () => {
  const { page } = browser
  await page.goto(`${example.url}/`)
  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await page.getByRole("button", { name: "Sign in with Demo IdP" }).click()

  await pickDemoIdpAccount(page, { issuer: example.idp.issuer, account: /Carol Demo/ })

  await see(page.getByRole("heading", { name: "Signed in as Carol Demo (carol@idp.example)", exact: true }))
  assert.equal(page.url(), `${example.url}/`)
  assert.equal(await see(page.getByText("You signed in through")), "You signed in through the Demo IdP.")
  await screenshot(page, "hono-demo-idp-signed-in")

  await signOut(page)
  assertNoPageProblems(browser)
  assert.deepEqual(serverErrors(example), [])
})

test("hono: a new address signs in with the e-mail link from the outbox", { timeout: 15_000 }, async () => {
  const { page } = browser
  await page.goto(`${example.url}/`)
  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await requestEmailLink(page, "newuser@example.com")
  await followOutboxLink(page, { email: "newuser@example.com", callbackPath: "/api/auth/callback/email" })

  await see(page.getByRole("heading", { name: "Signed in as newuser@example.com", exact: true }))
  assert.equal(await see(page.getByText("You signed in with")), "You signed in with a link sent by e-mail.")
  await screenshot(page, "hono-magic-link-signed-in")

  await signOut(page)
  assertNoPageProblems(browser)
  assert.deepEqual(serverErrors(example), [])
})
