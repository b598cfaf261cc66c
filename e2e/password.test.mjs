/**
 * Password sign-in in a real browser: the home page's "Sign in" link, Gatehouse's built-in sign-in page, the
 * credentials form, the signed-in home page, and the sign-out button back to the signed-out home page.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { launchBrowser, screenshot, see, serverErrors, startDemo } from "./harness.mjs"
import { assertNoPageProblems, signInWithPassword } from "./steps.mjs"

let demo
let browser

before(async () => {
  demo = await startDemo()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await demo?.close()
})

test("alice signs in with her password, sees her name on the home page, and signs out with the button", { timeout: 15_000 }, async () => {
  const { page } = browser
  await page.goto(`${demo.url}/`)
  await see(page.getByRole("heading", { name: "Welcome", exact: true }))
  await page.getByRole("link", { name: "Sign in", exact: true }).click()

  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  assert.equal(new URL(page.url()).pathname, "/auth/signin")
  await signInWithPassword(page, { username: "alice", password: "wonderland" })

  await see(page.getByRole("heading", { name: "Signed in as Alice (alice@example.com)", exact: true }))
  assert.equal(page.url(), `${demo.url}/`)
  assert.equal(await see(page.getByText("You signed in with a password")), "You signed in with a password.")
  await screenshot(page, "password-signed-in")

  await page.getByRole("button", { name: "Sign out", exact: true }).click()
  await see(page.getByRole("heading", { name: "Welcome", exact: true }))
  assert.equal(page.url(), `${demo.url}/`)
  await see(page.getByText("You are not signed in."))
  assert.equal(await page.getByRole("button", { name: "Sign out" }).count(), 0)

  // The session is gone, not just hidden: the private page sends the browser to sign in again.
  await page.goto(`${demo.url}/private`)
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  assert.equal(new URL(page.url()).pathname, "/auth/signin")

  assertNoPageProblems(browser)
  assert.deepEqual(serverErrors(demo), [])
})
