/**
 * Rate limits in a real browser, on the demo's defaults: someone else's wrong passwords lock an address (the
 * sign-in page itself answers 429 with its message), while the browser that signed in as it before (its device
 * cookie) still signs in with the right password (security catalog RL-01, RL-03).
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { cspConsoleErrors, launchBrowser, screenshot, see, serverErrors, startDemo } from "./harness.mjs"
import { passwordForm } from "./steps.mjs"

let demo
let owner
let attacker

before(async () => {
  demo = await startDemo()
  owner = await launchBrowser()
  attacker = await launchBrowser()
})

after(async () => {
  await owner?.close()
  await attacker?.close()
  await demo?.close()
})

/** Fills the password form on the sign-in page and submits it; resolves to the status of the answer. */
async function submitPassword(page, email, password) {
  const form = passwordForm(page)
  await form.getByLabel("Email").fill(email)
  await form.getByLabel("Password").fill(password)
  const [answer] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === "/auth/callback/password"),
    form.getByRole("button", { name: "Sign in with password" }).click(),
  ])
  await page.waitForLoadState()
  return answer.status()
}

test("rate limit: wrong passwords from another browser lock alice out with a 429 page; her own browser still signs in", { timeout: 30_000 }, async () => {
  // Alice signs in once from her browser, and signs out: her browser keeps its device cookie.
  await owner.page.goto(`${demo.url}/auth/signin`)
  assert.equal(await submitPassword(owner.page, "alice@example.com", "down the rabbit hole"), 302)
  await see(owner.page.getByRole("heading", { name: "Signed in as Alice (alice@example.com)", exact: true }))
  await owner.page.getByRole("button", { name: "Sign out", exact: true }).click()
  await see(owner.page.getByText("You are not signed in."))

  // Someone else guesses her password: five wrong answers, then the sign-in page says to wait.
  const page = attacker.page
  await page.goto(`${demo.url}/auth/signin`)
  for (let i = 1; i <= 5; i++) {
    assert.equal(await submitPassword(page, "alice@example.com", `guess-${i}`), 302)
    await see(page.getByText("Sign in failed. Check the details you provided are correct."))
  }
  assert.equal(await submitPassword(page, "alice@example.com", "guess-6"), 429)
  const message = await see(page.getByRole("alert"))
  assert.match(message, /^Too many sign-in attempts\. Try again in \d+ s\.$/)
  assert.equal(new URL(page.url()).pathname, "/auth/callback/password")
  await see(page.getByRole("button", { name: "Sign in with password" }))
  await screenshot(page, "rate-limit-429")
  // The right password does not get through from there either.
  assert.equal(await submitPassword(page, "alice@example.com", "down the rabbit hole"), 429)

  // Alice's own browser is not locked out.
  await owner.page.goto(`${demo.url}/auth/signin`)
  assert.equal(await submitPassword(owner.page, "alice@example.com", "down the rabbit hole"), 302)
  await see(owner.page.getByRole("heading", { name: "Signed in as Alice (alice@example.com)", exact: true }))

  for (const browser of [owner, attacker]) {
    assert.deepEqual(browser.problems.cspViolations, [])
    assert.deepEqual(cspConsoleErrors(browser.problems), [])
    assert.deepEqual(browser.problems.pageErrors, [])
  }
  assert.deepEqual(serverErrors(demo), [])
})
