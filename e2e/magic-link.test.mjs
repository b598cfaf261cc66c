/**
 * E-mail sign-in in a real browser: the sign-in page's e-mail form, the demo's "Check your email" page, the link in
 * the demo's outbox, the signed-in home page, and the same link a second time ending on Gatehouse's error page.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { launchBrowser, screenshot, see, serverErrors, startDemo } from "./harness.mjs"
import { assertNoPageProblems, followOutboxLink, requestEmailLink } from "./steps.mjs"

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

test("a new address signs in with the link from the outbox, and the same link a second time is refused", { timeout: 15_000 }, async () => {
  const { page } = browser
  await page.goto(`${demo.url}/`)
  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  await requestEmailLink(page, "newuser@example.com")
  assert.equal(new URL(page.url()).pathname, "/check-email")
  await see(page.getByText("A sign-in link has been sent to your email address."))
  const href = await followOutboxLink(page, { email: "newuser@example.com", callbackPath: "/auth/callback/email" })

  await see(page.getByRole("heading", { name: "Signed in as newuser@example.com", exact: true }))
  assert.equal(page.url(), `${demo.url}/`)
  assert.equal(await see(page.getByText("You signed in with")), "You signed in with a link sent by e-mail.")
  await screenshot(page, "magic-link-signed-in")

  const second = await page.goto(href)
  await see(page.getByRole("heading", { name: "Unable to sign in", exact: true }))
  assert.equal(second.status(), 403)
  const errorUrl = new URL(page.url())
  assert.equal(errorUrl.pathname, "/auth/error")
  assert.equal(errorUrl.searchParams.get("error"), "Verification")
  await see(page.getByText("The sign in link is no longer valid."))
  await screenshot(page, "magic-link-used-again")

  assertNoPageProblems(browser)
  assert.deepEqual(serverErrors(demo).filter(([, code]) => code !== "Verification"), [])
})
