/**
 * The steps a visitor takes on every example's sign-in pages, as the browser tests take them: the password form, the
 * Demo IdP's account picker, the e-mail link from the outbox. Each step does what the visitor does and checks only
 * what every example shows the same way; what an example shows afterwards is its test's to check.
 *
 * @example
 * await signInWithPassword(page, { email: "alice@example.com", password: "down the rabbit hole" })
 * await pickDemoIdpAccount(page, { issuer: app.idp.issuer, account: /Carol Demo/ })
 */
import assert from "node:assert/strict"
import { cspConsoleErrors, see } from "./harness.mjs"

/**
 * Fills the sign-in page's password form (Gatehouse's built-in page or an example's own) and submits it: `email` for
 * the `Password` provider's form, `username` for a credentials form that asks for one. The form is the one with the
 * password field: the e-mail sign-in form beside it has an "Email" field too.
 */
export async function signInWithPassword(page, { username, email, password }) {
  const form = passwordForm(page)
  if (email === undefined) await form.getByLabel("Username").fill(username)
  else await form.getByLabel("Email").fill(email)
  await form.getByLabel("Password", { exact: true }).fill(password)
  await form.getByRole("button", { name: /^Sign in with password$/i }).click()
}

/** The sign-in page's form with a password field. */
export function passwordForm(page) {
  return page.locator("form").filter({ has: page.locator('input[type="password"]') })
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

/**
 * Asks for an e-mail link for `email` on the sign-in page, and waits for the "Check your email" page. The form is the
 * one with the "Sign in with Email" button: a password form beside it may have an "Email" field too.
 */
export async function requestEmailLink(page, email) {
  const button = page.getByRole("button", { name: "Sign in with Email" })
  const form = page.locator("form").filter({ has: button })
  await form.getByLabel("Email").fill(email)
  await button.click()
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

/**
 * Opens the outbox (`outboxUrl`) and follows the one link named `name` ("Confirm the address …", "Reset the password
 * of …"), which must lead to `path`. The `Password` provider sends its mails after its answer, so the outbox is
 * reloaded until the mail is there. Resolves to the link's URL.
 */
export async function followOutboxButton(page, { outboxUrl, name, path }) {
  await page.goto(outboxUrl)
  const link = page.getByRole("link", { name, exact: true })
  for (let tries = 1; (await link.count()) === 0; tries++) {
    if (tries === 20) throw new Error(`No "${name}" in the outbox`)
    await page.waitForTimeout(100)
    await page.reload()
  }
  assert.equal(await link.count(), 1)
  const href = await link.getAttribute("href")
  assert.equal(new URL(href).pathname, path)
  await link.click()
  return href
}

/** Nothing the pages complained about in the whole browser: no CSP violation (reported or logged), no uncaught error. */
export function assertNoPageProblems(browser) {
  assert.deepEqual(browser.problems.cspViolations, [])
  assert.deepEqual(cspConsoleErrors(browser.problems), [])
  assert.deepEqual(browser.problems.pageErrors, [])
}
