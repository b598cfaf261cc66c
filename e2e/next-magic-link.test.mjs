/**
 * An e-mail magic link on the Next.js example: the custom sign-in page's server action asks for the link (stored
 * hashed in the SQLite adapter), Gatehouse sends the browser to the example's "Check your email" page, the outbox
 * page shows the "mail", and its link signs in — once.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { cspConsoleErrors, launchBrowser, screenshot, see, serverErrors, startNextExample } from "./harness.mjs"
import { requestEmailLink } from "./steps.mjs"

let app
let browser

before(async () => {
  app = await startNextExample()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await app?.close()
})

test("a new user signs in with a link from the outbox; the same link a second time is refused", { timeout: 30_000 }, async () => {
  const { page, problems } = browser
  await page.goto(`${app.url}/signin`)
  await requestEmailLink(page, "newuser@example.com")
  assert.equal(new URL(page.url()).pathname, "/check-email")
  await page.locator("main").getByRole("link", { name: "outbox" }).click()
  await see(page.getByRole("heading", { name: "Outbox" }))
  const link = page.getByRole("link", { name: "Sign in as newuser@example.com" })
  const href = await link.getAttribute("href")
  assert.match(href, new RegExp(`^${app.url}/api/auth/callback/email\\?`))
  await link.click()

  await see(page.getByRole("heading", { name: "Signed in as newuser@example.com", exact: true }))
  assert.equal(page.url(), `${app.url}/`)
  await see(page.getByText("You signed in with a link sent by e-mail."))
  assert.equal(await see(page.getByTestId("client-session")), "Client component: signed in as newuser@example.com.")
  await screenshot(page, "next-magic-link-signed-in")

  await page.getByRole("button", { name: "Sign out" }).click()
  await see(page.getByRole("heading", { name: "You are not signed in." }))

  // Single use: Gatehouse's error page (pages.error is not set), as a 403 document.
  const response = await page.goto(href)
  assert.equal(response.status(), 403)
  assert.equal(new URL(page.url()).pathname, "/api/auth/error")
  assert.equal(new URL(page.url()).searchParams.get("error"), "Verification")
  await see(page.getByText("The sign in link is no longer valid."))
  await page.goto(`${app.url}/`)
  await see(page.getByRole("heading", { name: "You are not signed in." }))

  assert.deepEqual(problems.cspViolations, [])
  assert.deepEqual(cspConsoleErrors(problems), [])
  // The only console error: Chromium's note on the error page's own 403 status.
  assert.deepEqual(problems.consoleErrors.filter((text) => !/status of 403/.test(text)), [])
  assert.deepEqual(problems.pageErrors, [])
  // A used link is the visitor's doing: one warning line (Verification), nothing at error level.
  assert.deepEqual(serverErrors(app), [])
  assert.ok(app.serverLog.some(([level, what]) => level === "warn" && what === "sign-in-refused"))
})
