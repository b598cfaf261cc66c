/**
 * E-mail and password accounts in a real browser, on the demo's `Password` provider: alice signs in with her password
 * and out; a new address signs up (the rules shown on the page, a common password refused), confirms its address by
 * the link the outbox shows (the link's page only shows a button; the button signs in), signs out, forgets its
 * password, resets it through the outbox's link and is signed in; then the old password fails and the new one works.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { launchBrowser, screenshot, see, serverErrors, startDemo } from "./harness.mjs"
import { assertNoPageProblems, followOutboxButton, signInWithPassword } from "./steps.mjs"

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

/** The page as it is, in light and in dark (the built-in pages follow `prefers-color-scheme`). */
async function screenshotBothSchemes(page, name) {
  await screenshot(page, `${name}-light`)
  await page.emulateMedia({ colorScheme: "dark" })
  await screenshot(page, `${name}-dark`)
  await page.emulateMedia({ colorScheme: "light" })
}

async function signOut(page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click()
  await see(page.getByText("You are not signed in."))
}

test("alice signs in with her password, sees her name on the home page, and signs out with the button", { timeout: 15_000 }, async () => {
  const { page } = browser
  await page.goto(`${demo.url}/`)
  await see(page.getByRole("heading", { name: "Welcome", exact: true }))
  await page.getByRole("link", { name: "Sign in", exact: true }).click()

  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  assert.equal(new URL(page.url()).pathname, "/auth/signin")
  await signInWithPassword(page, { email: "alice@example.com", password: "down the rabbit hole" })

  await see(page.getByRole("heading", { name: "Signed in as Alice (alice@example.com)", exact: true }))
  assert.equal(page.url(), `${demo.url}/`)
  assert.equal(await see(page.getByText("You signed in with a password")), "You signed in with a password.")
  await screenshot(page, "password-signed-in")

  await signOut(page)
  assert.equal(page.url(), `${demo.url}/`)
  assert.equal(await page.getByRole("button", { name: "Sign out" }).count(), 0)

  // The session is gone, not just hidden: the private page sends the browser to sign in again.
  await page.goto(`${demo.url}/private`)
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  assert.equal(new URL(page.url()).pathname, "/auth/signin")

  assertNoPageProblems(browser)
  assert.deepEqual(serverErrors(demo), [])
})

test("a new address signs up, confirms it through the outbox, resets a forgotten password, and only the new one works", { timeout: 30_000 }, async () => {
  const { page } = browser
  const email = "newcomer@example.com"
  const first = "a kettle of fish and chips"
  const second = "the second password, after a reset"
  const outboxUrl = `${demo.url}/outbox`

  // Sign-up, from the home page: the rules are shown before typing, and a common password is refused with its reason.
  await page.goto(`${demo.url}/`)
  await page.getByRole("link", { name: "Create an account", exact: true }).click()
  await see(page.getByRole("heading", { name: "Create an account", exact: true }))
  assert.equal(new URL(page.url()).pathname, "/auth/signup")
  assert.match(await see(page.locator("#password-rules")), /^At least 15 characters\. .*Common and breached passwords are refused\.$/)
  await screenshotBothSchemes(page, "password-signup")
  await page.getByLabel("Email", { exact: true }).fill(email)
  await page.getByLabel("Name (optional)").fill("Newcomer")
  await page.getByLabel("Password", { exact: true }).fill("passwordpassword")
  await page.getByRole("button", { name: "Create account", exact: true }).click()
  assert.equal(await see(page.getByRole("alert")), "This password is too common or has appeared in a data breach. Choose another one.")
  await screenshot(page, "password-signup-refused")

  await page.getByLabel("Email", { exact: true }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill(first)
  await page.getByRole("button", { name: "Create account", exact: true }).click()

  // "Check your email": the demo's page, which says what was sent and leads to the outbox.
  await see(page.getByRole("heading", { name: "Check your email", exact: true }))
  const checkEmail = new URL(page.url())
  assert.equal(checkEmail.pathname, "/check-email")
  assert.equal(checkEmail.searchParams.get("purpose"), "verify-email")
  await see(page.getByText("A link to confirm your address has been sent to your email address."))
  await screenshot(page, "password-check-email")

  // Signed up, not yet signed in: an unverified address owns nothing.
  await page.goto(`${demo.url}/`)
  await see(page.getByText("You are not signed in."))

  // The link's GET shows a button and uses nothing up; the button confirms the address and signs this browser in.
  await followOutboxButton(page, { outboxUrl, name: `Confirm the address ${email}`, path: "/auth/verify-email" })
  await see(page.getByRole("heading", { name: "Confirm your address", exact: true }))
  await screenshotBothSchemes(page, "password-verify-email")
  await page.getByRole("button", { name: "Confirm your address", exact: true }).click()
  await see(page.getByRole("heading", { name: `Signed in as Newcomer (${email})`, exact: true }))
  assert.equal(page.url(), `${demo.url}/`)
  assert.equal(await see(page.getByText("You signed in with a password")), "You signed in with a password.")
  await signOut(page)

  // Forgot: from the sign-in page's link; the answer is the same for every address.
  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await page.getByRole("link", { name: "Forgot your password?", exact: true }).click()
  await see(page.getByRole("heading", { name: "Forgot your password?", exact: true }))
  assert.equal(new URL(page.url()).pathname, "/auth/password/forgot")
  await screenshotBothSchemes(page, "password-forgot")
  await page.getByLabel("Email", { exact: true }).fill(email)
  await page.getByRole("button", { name: "Send reset link", exact: true }).click()
  await see(page.getByRole("heading", { name: "Forgot your password?", exact: true }))
  await screenshot(page, "password-forgot-sent")

  // Reset: the outbox's link, a new password, and this browser is signed in.
  await followOutboxButton(page, { outboxUrl, name: `Reset the password of ${email}`, path: "/auth/password/reset" })
  await see(page.getByRole("heading", { name: "Choose a new password", exact: true }))
  assert.match(await see(page.locator("#password-rules")), /^At least 15 characters\./)
  await screenshotBothSchemes(page, "password-reset")
  await page.getByLabel("New password", { exact: true }).fill(second)
  await page.getByRole("button", { name: "Save new password", exact: true }).click()
  await see(page.getByRole("heading", { name: `Signed in as Newcomer (${email})`, exact: true }))
  assert.equal(page.url(), `${demo.url}/`)
  await signOut(page)

  // The old password no longer signs in; the new one does.
  await page.goto(`${demo.url}/auth/signin?callbackUrl=%2F`)
  await signInWithPassword(page, { email, password: first })
  assert.equal(await see(page.getByRole("alert")), "Sign in failed. Check the details you provided are correct.")
  assert.equal(new URL(page.url()).searchParams.get("error"), "CredentialsSignin")
  await signInWithPassword(page, { email, password: second })
  await see(page.getByRole("heading", { name: `Signed in as Newcomer (${email})`, exact: true }))
  assert.equal(page.url(), `${demo.url}/`)

  // The outbox keeps both mails, newest first; the reset mail as the provider rendered it opens in the outbox's frame.
  await page.goto(outboxUrl)
  const subjects = await page.locator(".message .subject").allInnerTexts()
  assert.equal(subjects.length, 2)
  await screenshot(page, "password-outbox")
  await page.getByRole("link", { name: "View the mail" }).first().click()
  await see(page.getByRole("link", { name: /reset/i }).first())
  await screenshot(page, "password-reset-mail")

  assertNoPageProblems(browser)
  assert.deepEqual(serverErrors(demo), [])
})
