/**
 * "Your sessions" in a real browser (issue 17): alice signed in to the demo from two browsers, the first opens
 * Gatehouse's built-in page from the home page's link, sees both (its own marked "This device"), and signs the other
 * out with "Sign out everywhere else"; the other browser, reloading, finds itself signed out.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { cspConsoleErrors, launchBrowser, screenshot, see, serverErrors, startDemo } from "./harness.mjs"
import { signInWithPassword } from "./steps.mjs"

let demo
let laptop
let phone

before(async () => {
  demo = await startDemo()
  laptop = await launchBrowser()
  phone = await launchBrowser()
})

after(async () => {
  await laptop?.close()
  await phone?.close()
  await demo?.close()
})

/** Signs `page` in as alice through the home page's "Sign in" link and the built-in page's password form. */
async function signInAsAlice(page) {
  await page.goto(`${demo.url}/`)
  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await signInWithPassword(page, { email: "alice@example.com", password: "down the rabbit hole" })
  await see(page.getByRole("heading", { name: "Signed in as Alice (alice@example.com)", exact: true }))
}

test("demo: alice signs her other browser out from Your sessions, and that browser is signed out on reload", { timeout: 15_000 }, async () => {
  await signInAsAlice(laptop.page)
  await signInAsAlice(phone.page)

  const { page } = laptop
  await page.getByRole("link", { name: "Your sessions", exact: true }).click()
  await see(page.getByRole("heading", { name: "Your sessions", exact: true }))
  assert.equal(new URL(page.url()).pathname, "/auth/sessions")
  const sessions = page.getByRole("listitem")
  assert.equal(await sessions.count(), 2)
  assert.equal(await sessions.filter({ hasText: "This device" }).count(), 1)
  // A "Sign out" for the other browser only: this one signs out from the home page.
  assert.equal(await sessions.filter({ hasText: "This device" }).getByRole("button").count(), 0)
  assert.equal(await sessions.filter({ hasNotText: "This device" }).getByRole("button", { name: "Sign out", exact: true }).count(), 1)
  await screenshot(page, "sessions-page")

  await page.getByRole("button", { name: "Sign out everywhere else", exact: true }).click()
  assert.equal(await see(page.getByRole("status")), "Signed out 1 other session.")
  assert.equal(new URL(page.url()).pathname, "/auth/sessions")
  assert.equal(await sessions.count(), 1)
  await see(sessions.filter({ hasText: "This device" }))
  await see(page.getByText("This is your only session."))
  await screenshot(page, "sessions-revoked")

  // The way back is labelled in words, not with the host name.
  assert.equal(await page.getByRole("link", { name: "Back to the site", exact: true }).getAttribute("href"), demo.url)

  // The other browser still has its cookie, but the session behind it is gone.
  await phone.page.reload()
  await see(phone.page.getByRole("heading", { name: "Welcome", exact: true }))
  await see(phone.page.getByText("You are not signed in."))

  // Its sessions page says why it lists nothing (issue 25 item 9), and leads to sign in and back.
  const response = await phone.page.goto(`${demo.url}/auth/sessions`)
  assert.equal(response.status(), 401)
  await see(phone.page.getByRole("heading", { name: "Your sessions", exact: true }))
  await see(phone.page.getByText("You are not signed in on this device, so there are no sessions to show."))
  assert.equal(await phone.page.getByRole("listitem").count(), 0)
  await screenshot(phone.page, "sessions-signed-out")
  await phone.page.getByRole("link", { name: "Sign in", exact: true }).click()
  await signInWithPassword(phone.page, { email: "alice@example.com", password: "down the rabbit hole" })
  await see(phone.page.getByRole("heading", { name: "Your sessions", exact: true }))
  assert.equal(new URL(phone.page.url()).pathname, "/auth/sessions")
  assert.equal(await phone.page.getByRole("listitem").count(), 2)

  // And this one is still signed in.
  await page.goto(`${demo.url}/`)
  await see(page.getByRole("heading", { name: "Signed in as Alice (alice@example.com)", exact: true }))

  for (const browser of [laptop, phone]) {
    assert.deepEqual(browser.problems.cspViolations, [])
    assert.deepEqual(cspConsoleErrors(browser.problems), [])
    assert.deepEqual(browser.problems.pageErrors, [])
  }
  assert.deepEqual(serverErrors(demo), [])
})
