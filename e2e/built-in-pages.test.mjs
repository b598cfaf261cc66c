/**
 * Gatehouse's built-in pages in a real browser: a wrong password brings the sign-in page back with its error
 * message, and none of the built-in pages (sign-in, sign-in with an error, sign-out, error) makes the browser
 * report a CSP violation, a console error or an uncaught error — their one inline stylesheet is allowed by hash,
 * their forms by `form-action`.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { cspConsoleErrors, launchBrowser, screenshot, see, serverErrors, startDemo } from "./harness.mjs"
import { signInWithPassword } from "./steps.mjs"

/* global document, getComputedStyle -- in page.evaluate, which runs in the page */

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

test("a wrong password shows the sign-in page's error message and no session", { timeout: 15_000 }, async () => {
  const { page } = browser
  await page.goto(`${demo.url}/auth/signin?callbackUrl=%2F`)
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  assert.equal(await page.getByRole("alert").count(), 0)
  await signInWithPassword(page, { email: "alice@example.com", password: "not down the rabbit hole" })

  const alert = await see(page.getByRole("alert"))
  assert.equal(alert, "Sign in failed. Check the details you provided are correct.")
  const url = new URL(page.url())
  assert.equal(url.pathname, "/auth/signin")
  assert.equal(url.searchParams.get("error"), "CredentialsSignin")
  // The form is there to try again.
  await see(page.getByRole("button", { name: "Sign in with password" }))
  await screenshot(page, "wrong-password")
  // A wrong password is the visitor's doing: one warning, nothing at error level.
  assert.deepEqual(serverErrors(demo), [])
  assert.deepEqual(demo.serverLog.filter(([, what]) => what === "sign-in-refused"), [["warn", "sign-in-refused"]])

  await page.goto(`${demo.url}/`)
  await see(page.getByText("You are not signed in."))
})

test("the built-in pages cause no CSP violation, console error or page error", { timeout: 15_000 }, async () => {
  const { page, problems } = browser
  const start = problems.consoleErrors.length
  const pages = [
    ["/auth/signin", "Sign in"],
    ["/auth/signin?error=CredentialsSignin", "Sign in"],
    ["/auth/signout", "Sign out"],
    ["/auth/error?error=Verification", "Unable to sign in"],
    ["/auth/error", "Error"],
  ]
  for (const [path, heading] of pages) {
    await page.goto(`${demo.url}${path}`)
    await see(page.getByRole("heading", { name: heading, exact: true }))
    // The stylesheet applied (a blocked one would leave the browser's default transparent button).
    const background = await page.evaluate(() => getComputedStyle(document.querySelector("button, .button")).backgroundColor)
    assert.notEqual(background, "rgba(0, 0, 0, 0)", `${path}: styled button`)
  }

  assert.deepEqual(problems.cspViolations, [])
  assert.deepEqual(cspConsoleErrors(problems), [])
  // Chromium logs an error status of the document itself as a console error: the one expected 403 is allowed.
  assert.deepEqual(problems.consoleErrors.slice(start), [
    `Failed to load resource: the server responded with a status of 403 (Forbidden) (at ${demo.url}/auth/error?error=Verification)`,
  ])
  assert.deepEqual(problems.pageErrors, [])
})
