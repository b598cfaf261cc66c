/**
 * Passkeys on the Next.js example (`examples/next`): Chromium's virtual authenticator (see `addPasskeyAuthenticator`)
 * creates a passkey for an address from the custom sign-in page's client component (`signIn("passkey", { action:
 * "register", email })` of `@gatehousejs/next/webauthn`). Signed out, the address proves nothing (RT-01): the component
 * says to check the e-mail, and the outbox's link, opened in the same browser, signs in and attaches the passkey. The
 * session shows in the server and the client component, the browser signs out, and the same passkey signs the same
 * user in again, without an address, on the way to the dashboard.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { addPasskeyAuthenticator, cspConsoleErrors, launchBrowser, screenshot, see, serverErrors, startNextExample } from "./harness.mjs"

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

const clientSession = (page) => page.getByTestId("client-session")
const sessionOf = (page) => page.evaluate(async () => (await fetch("/api/auth/session")).json())

test("a new user creates a passkey on the custom sign-in page, finishes it with the e-mailed link, signs out, and signs in with it again as the same user", { timeout: 30_000 }, async () => {
  const { page, context, problems } = browser
  const authenticator = await addPasskeyAuthenticator(context, page)
  const optionRequests = []
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/webauthn-options/")) optionRequests.push(new URL(request.url()).search)
  })

  await page.goto(`${app.url}/`)
  await see(page.getByRole("heading", { name: "You are not signed in." }))
  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  await see(page.getByRole("button", { name: "Sign in with a passkey" }))
  await page.getByLabel("Your e-mail for a new passkey").fill("pat@example.com")
  await screenshot(page, "next-passkey-sign-in-page")
  await page.getByRole("button", { name: "Create a passkey" }).click()

  // Registration: the passkey is made, but no user yet — it waits in this browser for the address's link.
  await see(page.getByTestId("passkey-pending"))
  assert.match(await see(page.getByTestId("passkey-pending")), /^Check your e-mail to finish setting up your passkey/)
  await screenshot(page, "next-passkey-check-email")
  await page.getByTestId("passkey-pending").getByRole("link", { name: "outbox" }).click()
  await see(page.getByRole("heading", { name: "Outbox" }))
  await page.getByRole("link", { name: "Sign in as pat@example.com" }).click()

  // The link, opened in this browser: signed in by e-mail, back on the callback URL (home), the passkey attached.
  await see(page.getByRole("heading", { name: "Signed in as pat@example.com", exact: true }))
  assert.equal(page.url(), `${app.url}/`)
  await see(page.getByText("You signed in with a link sent by e-mail."))
  assert.equal(await see(clientSession(page)), "Client component: signed in as pat@example.com.")
  const credentials = await authenticator.credentials()
  assert.equal(credentials.length, 1)
  assert.equal(credentials[0].isResidentCredential, true)
  assert.equal(credentials[0].rpId, "localhost")
  const registered = await sessionOf(page)
  assert.equal(registered.user.email, "pat@example.com")
  assert.equal(registered.provider, "email")
  assert.ok(registered.user.id, "the user is in the database, with an id")
  await screenshot(page, "next-passkey-registered")

  await page.getByRole("button", { name: "Sign out" }).click()
  await see(page.getByRole("heading", { name: "You are not signed in." }))
  assert.equal(await see(clientSession(page)), "Client component: not signed in.")

  // Authentication, on the way to the guarded dashboard: no address, the passkey itself names the user.
  await page.goto(`${app.url}/dashboard`)
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  // Relative, or absolute on the configured origin when AUTH_URL is set (the example's start script sets it).
  assert.equal(new URL(new URL(page.url()).searchParams.get("callbackUrl"), app.url).href, `${app.url}/dashboard`)
  await page.getByRole("button", { name: "Sign in with a passkey" }).click()
  await see(page.getByRole("heading", { name: "Dashboard" }))
  assert.equal(page.url(), `${app.url}/dashboard`)
  assert.equal(await see(page.getByTestId("display-name")), "pat@example.com")
  assert.equal(await see(clientSession(page)), "Client component: signed in as pat@example.com.")
  const after = await authenticator.credentials()
  assert.equal(after.length, 1, "no second passkey was created")
  assert.ok(after[0].signCount > credentials[0].signCount, "the authenticator signed again")
  const again = await sessionOf(page)
  assert.equal(again.user.id, registered.user.id, "the same user")
  assert.equal(again.provider, "passkey")

  await page.getByRole("link", { name: "Home" }).click()
  await see(page.getByRole("heading", { name: "Signed in as pat@example.com", exact: true }))
  await see(page.getByText("You signed in with a passkey."))
  await screenshot(page, "next-passkey-signed-in-again")
  assert.deepEqual(optionRequests, ["?action=register&email=pat%40example.com", ""], "registration with the address, then authentication without")

  // The challenge and pending-passkey cookies were used and cleared; the session cookie is HttpOnly.
  const cookies = await context.cookies(app.url)
  assert.equal(cookies.find((c) => c.name === "authjs.challenge"), undefined)
  assert.equal(cookies.find((c) => c.name === "authjs.pending-passkey"), undefined)
  assert.equal(cookies.find((c) => c.name === "authjs.session-token")?.httpOnly, true)

  assert.deepEqual(problems.cspViolations, [])
  assert.deepEqual(cspConsoleErrors(problems), [])
  assert.deepEqual(problems.consoleErrors, [])
  assert.deepEqual(problems.pageErrors, [])
  assert.deepEqual(serverErrors(app), [])
})
