/**
 * E-mail sign-in in a real browser: the sign-in page's e-mail form, the demo's "Check your email" page, the link in
 * the demo's outbox, the signed-in home page, and the same link a second time ending on Gatehouse's error page.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { cspConsoleErrors, launchBrowser, screenshot, see, serverErrors, startDemo } from "./harness.mjs"

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
  await page.getByLabel("Email").fill("newuser@example.com")
  await page.getByRole("button", { name: "Sign in with Email" }).click()

  await see(page.getByRole("heading", { name: "Check your email", exact: true }))
  assert.equal(new URL(page.url()).pathname, "/check-email")
  await see(page.getByText("A sign-in link has been sent to your email address."))
  await page.getByRole("link", { name: "Open the outbox" }).click()

  await see(page.getByRole("heading", { name: "Outbox", exact: true }))
  const link = page.getByRole("link", { name: "Sign in as newuser@example.com", exact: true })
  await see(link)
  assert.equal(await link.count(), 1)
  const href = await link.getAttribute("href")
  assert.equal(new URL(href).pathname, "/auth/callback/email")
  await link.click()

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

  assert.deepEqual(browser.problems.cspViolations, [])
  assert.deepEqual(cspConsoleErrors(browser.problems), [])
  assert.deepEqual(browser.problems.pageErrors, [])
  assert.deepEqual(serverErrors(demo).filter(([, code]) => code !== "Verification"), [])
})
