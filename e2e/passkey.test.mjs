/**
 * Passkeys in a real browser: Chromium's virtual authenticator (DevTools protocol `WebAuthn.addVirtualAuthenticator`,
 * CTAP2, internal transport, resident keys, user verification) creates a passkey for an address on the demo's
 * built-in sign-in page; signed out, a typed address proves nothing (RT-01), so the page says to check the e-mail, and
 * the link from the outbox, opened in the same browser, signs in and attaches the passkey. The browser signs out and
 * signs in again with that passkey.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { addPasskeyAuthenticator, cspConsoleErrors, launchBrowser, screenshot, see, serverErrors, startDemo } from "./harness.mjs"
import { requestEmailLink } from "./steps.mjs"

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

test("a new user creates a passkey on the sign-in page, finishes it with the e-mailed link, signs out, and signs in with it (autofill, then the button)", { timeout: 30_000 }, async () => {
  const { page, context } = browser
  const authenticator = await addPasskeyAuthenticator(context, page)

  await page.goto(`${demo.url}/`)
  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  const field = page.getByLabel("Your e-mail for the passkey")
  assert.equal(await field.getAttribute("autocomplete"), "username webauthn")
  await field.fill("pat@example.com")
  await screenshot(page, "passkey-sign-in-page")
  await page.getByRole("button", { name: "Create a passkey" }).click()

  // Registration: the passkey is made, but no user yet — it waits in this browser for the address's link.
  await see(page.getByText("Check your e-mail to finish setting up your passkey", { exact: false }))
  assert.equal(new URL(page.url()).pathname, "/auth/signin")
  await screenshot(page, "passkey-check-email")
  assert.ok((await context.cookies(demo.url)).some((c) => c.name === "authjs.pending-passkey" && c.httpOnly))

  // The link, opened in this browser: signed in by e-mail, and the passkey now belongs to that user.
  await page.goto(`${demo.url}/outbox`)
  await page.getByRole("link", { name: "Sign in as pat@example.com", exact: true }).click()
  await see(page.getByRole("heading", { name: "Signed in as pat@example.com", exact: true }))
  assert.equal(page.url(), `${demo.url}/`)
  assert.equal(await see(page.getByText("You signed in with")), "You signed in with a link sent by e-mail.")
  assert.equal((await context.cookies(demo.url)).find((c) => c.name === "authjs.pending-passkey"), undefined)
  const credentials = await authenticator.credentials()
  assert.equal(credentials.length, 1)
  assert.equal(credentials[0].isResidentCredential, true)
  assert.equal(credentials[0].rpId, "localhost")
  await screenshot(page, "passkey-registered")

  await page.getByRole("button", { name: "Sign out", exact: true }).click()
  await see(page.getByText("You are not signed in."))

  // Authentication with the stored passkey, offered by the browser's autofill (conditional UI): the sign-in page asks
  // for it as it loads, and Chromium's virtual authenticator, which needs no tap, answers at once.
  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await see(page.getByRole("heading", { name: "Signed in as pat@example.com", exact: true }))
  assert.equal(await see(page.getByText("You signed in with")), "You signed in with a passkey.")
  const after = await authenticator.credentials()
  assert.equal(after.length, 1, "no second passkey was created")
  assert.ok(after[0].signCount > credentials[0].signCount, "the authenticator signed again")
  await screenshot(page, "passkey-signed-in-again")

  // And with the button: the options allow any passkey of the site (the address narrows nothing, RT-06), and the
  // authenticator offers its own. It is kept from answering while the page loads, so that autofill cannot win the
  // race this time.
  await page.getByRole("button", { name: "Sign out", exact: true }).click()
  await see(page.getByText("You are not signed in."))
  await authenticator.answerPrompts(false)
  const optionRequests = []
  page.on("request", (request) => {
    if (request.url().includes("/auth/webauthn-options/")) optionRequests.push(new URL(request.url()).search)
  })
  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  await page.getByLabel("Your e-mail for the passkey").fill("pat@example.com")
  await authenticator.answerPrompts(true)
  await page.getByRole("button", { name: "Sign in with Passkey" }).click()
  await see(page.getByRole("heading", { name: "Signed in as pat@example.com", exact: true }))
  assert.deepEqual(optionRequests, ["?action=authenticate", "?email=pat%40example.com"], "autofill's request, then the button's")
  const last = await authenticator.credentials()
  assert.ok(last[0].signCount > after[0].signCount)
  await screenshot(page, "passkey-signed-in-with-button")

  // The challenge cookie was used and cleared; the session cookie is HttpOnly.
  const cookies = await context.cookies(demo.url)
  assert.equal(cookies.find((c) => c.name === "authjs.challenge"), undefined)
  assert.equal(cookies.find((c) => c.name === "authjs.session-token")?.httpOnly, true)

  assert.deepEqual(browser.problems.cspViolations, [])
  assert.deepEqual(cspConsoleErrors(browser.problems), [])
  assert.deepEqual(browser.problems.pageErrors, [])
  assert.deepEqual(serverErrors(demo), [])
})

// Issue 25 item 9: "Create a passkey" once jumped to /auth/undefined. The form's script followed the `url` of the
// callback's answer, and a refusal has none: a passkey for an address that already had its three links in ten minutes
// meets the e-mail limit, answered 429 { error, retryAfter }. Now the form says when to try again, in place.
test("a passkey for an address whose e-mail limit is spent: the form says when to try again, and the page stays (not /auth/undefined)", { timeout: 30_000 }, async () => {
  const other = await launchBrowser()
  try {
    const { page, context } = other
    await addPasskeyAuthenticator(context, page)
    // Three e-mail links for the address: its budget for ten minutes.
    for (let i = 0; i < 3; i++) {
      await page.goto(`${demo.url}/auth/signin`)
      await requestEmailLink(page, "quinn@example.com")
    }
    await page.goto(`${demo.url}/auth/signin`)
    await see(page.getByRole("heading", { name: "Sign in", exact: true }))
    const visited = []
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
    })
    await page.getByLabel("Your e-mail for the passkey").fill("quinn@example.com")
    await page.getByRole("button", { name: "Create a passkey" }).click()
    const alert = await see(page.getByRole("alert"))
    assert.match(alert, /^Too many sign-in attempts\. Try again in \d+ s\.$/)
    assert.equal(new URL(page.url()).pathname, "/auth/signin")
    assert.deepEqual(visited, [], "no navigation, least of all to /auth/undefined")
    assert.equal((await context.cookies(demo.url)).find((c) => c.name === "authjs.pending-passkey"), undefined, "nothing is held for a link that was not sent")
    await screenshot(page, "passkey-too-many")
    assert.deepEqual(other.problems.cspViolations, [])
    assert.deepEqual(other.problems.pageErrors, [])
    assert.deepEqual(serverErrors(demo), [])
  } finally {
    await other.close()
  }
})
