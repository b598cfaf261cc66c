/**
 * The steps a visitor takes on every example's sign-in pages, as the browser tests take them: the password form, the
 * Demo IdP's account picker, the e-mail link from the outbox. Each step does what the visitor does and checks only
 * what every example shows the same way; what an example shows afterwards is its test's to check.
 *
 * @example
 * await signInWithPassword(page, { username: "alice", password: "wonderland" })
 * await pickDemoIdpAccount(page, { issuer: app.idp.issuer, account: /Carol Demo/ })
 */
import assert from "node:assert/strict"
import { cspConsoleErrors, see } from "./harness.mjs"

/** Fills the sign-in page's password form (Gatehouse's built-in page or an example's own) and submits it. */
export async function signInWithPassword(page, { username, password }) {
  await page.getByLabel("Username").fill(username)
  await page.getByLabel("Password").fill(password)
  await page.getByRole("button", { name: "Sign in with Password" }).click()
}

/**
 * On the Demo IdP's login page, which must be on the IdP's own origin (`issuer`), picks the account whose button
 * matches `account`: the IdP sends the browser back to the app.
 */
export async function pickDemoIdpAccount(page, { issuer, account }) {
  await see(page.getByText("This is a demo identity provider."))
  assert.equal(new URL(page.url()).origin, issuer)
  await page.getByRole("button", { name: account }).click()
}

/** Asks for an e-mail link for `email` on the sign-in page, and waits for the "Check your email" page. */
export async function requestEmailLink(page, email) {
  await page.getByLabel("Email").fill(email)
  await page.getByRole("button", { name: "Sign in with Email" }).click()
  await see(page.getByRole("heading", { name: "Check your email", exact: true }))
}

/**
 * From the "Check your email" page, opens the outbox and follows the one sign-in link sent to `email`, which must
 * point at the app's e-mail callback (`callbackPath`, e.g. `/auth/callback/email`). Resolves to the link's URL, so a
 * test can try it again.
 */
export async function followOutboxLink(page, { email, callbackPath }) {
  await page.getByRole("link", { name: "Open the outbox" }).click()
  await see(page.getByRole("heading", { name: "Outbox", exact: true }))
  const link = page.getByRole("link", { name: `Sign in as ${email}`, exact: true })
  await see(link)
  assert.equal(await link.count(), 1)
  const href = await link.getAttribute("href")
  assert.equal(new URL(href).pathname, callbackPath)
  await link.click()
  return href
}

/** Nothing the pages complained about in the whole browser: no CSP violation (reported or logged), no uncaught error. */
export function assertNoPageProblems(browser) {
  assert.deepEqual(browser.problems.cspViolations, [])
  assert.deepEqual(cspConsoleErrors(browser.problems), [])
  assert.deepEqual(browser.problems.pageErrors, [])
}
