/**
 * The Next.js example (`examples/next`, built and started as `npm run build && npm start` would) in a real browser,
 * signing in with a password (the `Password` provider) through its custom sign-in page: the server-action forms, the
 * session in a server component (`auth()`) and in a client component (`useSession()`) after a sign-in that does not
 * reload the page, the dashboard guarded by `proxy.ts`, `unstable_update` from a server action, and signing out; and a
 * new account made on the provider's sign-up page, confirmed by the outbox's link, with a JWT session.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { cspConsoleErrors, launchBrowser, screenshot, see, serverErrors, startNextExample } from "./harness.mjs"
import { followOutboxButton, signInWithPassword } from "./steps.mjs"

/* global window -- in page.evaluate, which runs in the page */

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
// The page's own alert: Next.js's route announcer, outside <main>, has the role too.
const alert = (page) => page.locator("main").getByRole("alert")

test("Alice signs in with a password; the server and the client component show her session without a reload; she signs out", { timeout: 30_000 }, async () => {
  const { page } = browser
  await page.goto(`${app.url}/`)
  await see(page.getByRole("heading", { name: "You are not signed in." }))
  assert.equal(await see(clientSession(page)), "Client component: not signed in.")
  // Survives client-side navigations, not a document load: the sign-in below must not reload the page.
  await page.evaluate(() => {
    window.__sameDocument = true
  })

  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  assert.equal(new URL(page.url()).pathname, "/signin")
  // The custom page lists every provider of auth.ts.
  for (const name of ["Sign in with Demo IdP", "Sign in with Email", "Sign in with Password", "Sign in with a passkey"]) {
    await see(page.getByRole("button", { name }))
  }
  await signInWithPassword(page, { email: "alice@example.com", password: "down the rabbit hole" })

  await see(page.getByRole("heading", { name: "Signed in as Alice (alice@example.com)", exact: true }))
  assert.equal(page.url(), `${app.url}/`)
  await see(page.getByText("You signed in with a password."))
  assert.equal(await see(clientSession(page)), "Client component: signed in as Alice (alice@example.com).")
  assert.equal(await page.evaluate(() => window.__sameDocument), true, "the sign-in reloaded the page")
  await screenshot(page, "next-password-signed-in")

  // The protected page opens for her.
  await page.getByRole("link", { name: "Dashboard" }).click()
  await see(page.getByRole("heading", { name: "Dashboard" }))
  assert.equal(await see(page.getByTestId("display-name")), "Alice")
  await screenshot(page, "next-dashboard-signed-in")

  // unstable_update from a server action: the new name is in the session cookie, for the server and the client.
  await page.getByLabel("Display name").fill("Alice Liddell")
  await page.getByRole("button", { name: "Save name" }).click()
  await page.getByTestId("display-name").getByText("Alice Liddell").waitFor()
  assert.equal(await see(clientSession(page)), "Client component: signed in as Alice Liddell (alice@example.com).")
  await screenshot(page, "next-dashboard-renamed")
  await page.goto(`${app.url}/`)
  await see(page.getByRole("heading", { name: "Signed in as Alice Liddell (alice@example.com)", exact: true }))
  const session = await page.evaluate(async () => (await fetch("/api/auth/session")).json())
  assert.equal(session.user.name, "Alice Liddell")
  assert.equal(session.provider, "password")

  await page.getByRole("button", { name: "Sign out" }).click()
  await see(page.getByRole("heading", { name: "You are not signed in." }))
  assert.equal(await see(clientSession(page)), "Client component: not signed in.")
  await page.goto(`${app.url}/dashboard`)
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  assert.equal(new URL(page.url()).pathname, "/signin")

  assert.deepEqual(browser.problems.cspViolations, [])
  assert.deepEqual(cspConsoleErrors(browser.problems), [])
  assert.deepEqual(browser.problems.consoleErrors, [])
  assert.deepEqual(browser.problems.pageErrors, [])
  assert.deepEqual(serverErrors(app), [])
})

test("signed out, the dashboard sends the browser to the custom sign-in page; a wrong password shows its error there; the right one opens the dashboard", { timeout: 30_000 }, async () => {
  const { page } = browser
  const errorsBefore = serverErrors(app).length
  await page.goto(`${app.url}/dashboard`)
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  const signInUrl = new URL(page.url())
  assert.equal(signInUrl.pathname, "/signin")
  // The example's start script sets AUTH_URL (e-mail links need it, RT-02), so the proxy gives the full URL, as Auth.js.
  assert.equal(signInUrl.searchParams.get("callbackUrl"), `${app.url}/dashboard`)
  assert.equal(await alert(page).count(), 0)

  await signInWithPassword(page, { email: "alice@example.com", password: "not down the rabbit hole" })
  assert.equal(await see(alert(page)), "Sign in failed. Check the details you provided are correct.")
  const url = new URL(page.url())
  assert.equal(url.pathname, "/signin")
  assert.equal(url.searchParams.get("error"), "CredentialsSignin")
  assert.equal(url.searchParams.get("code"), "credentials")
  await screenshot(page, "next-wrong-password")
  const session = await page.evaluate(async () => (await fetch("/api/auth/session")).json())
  assert.equal(session, null)

  // Still on the way to the dashboard: the form kept the callback URL.
  await signInWithPassword(page, { email: "bob@example.com", password: "can we fix it yes we can" })
  await see(page.getByRole("heading", { name: "Dashboard" }))
  assert.equal(page.url(), `${app.url}/dashboard`)
  assert.equal(await see(page.getByTestId("display-name")), "Bob")
  assert.equal(await see(clientSession(page)), "Client component: signed in as Bob (bob@example.com).")

  assert.deepEqual(browser.problems.cspViolations, [])
  assert.deepEqual(browser.problems.consoleErrors, [])
  assert.deepEqual(browser.problems.pageErrors, [])
  // The wrong password is the visitor's doing: one warning line, nothing at error level.
  assert.deepEqual(serverErrors(app).slice(errorsBefore), [])
  assert.ok(app.serverLog.some(([level, what]) => level === "warn" && what === "sign-in-refused"))
})

test("a new address signs up on the Password provider's page, confirms it through the outbox, and is signed in with a JWT session", { timeout: 30_000 }, async () => {
  const { page } = browser
  const email = "newcomer@example.com"
  await page.goto(`${app.url}/signin`)
  await page.getByRole("link", { name: "Create an account", exact: true }).click()
  await see(page.getByRole("heading", { name: "Create an account", exact: true }))
  assert.equal(new URL(page.url()).pathname, "/api/auth/signup")
  await page.getByLabel("Email", { exact: true }).fill(email)
  await page.getByLabel("Password", { exact: true }).fill("a kettle of fish and chips")
  await page.getByRole("button", { name: "Create account", exact: true }).click()

  // The example's "Check your email" (pages.verifyRequest), then the link in its outbox.
  await see(page.getByRole("heading", { name: "Check your email", exact: true }))
  assert.equal(new URL(page.url()).searchParams.get("purpose"), "verify-email")
  await see(page.getByText("A link to confirm your address is on its way."))
  await followOutboxButton(page, { outboxUrl: `${app.url}/outbox`, name: `Confirm the address ${email}`, path: "/api/auth/verify-email" })
  await see(page.getByRole("heading", { name: "Confirm your address", exact: true }))
  await page.getByRole("button", { name: "Confirm your address", exact: true }).click()

  await see(page.getByRole("heading", { name: `Signed in as ${email}`, exact: true }))
  await see(page.getByText("You signed in with a password."))
  const session = await page.evaluate(async () => (await fetch("/api/auth/session")).json())
  assert.equal(session.user.email, email)
  assert.equal(session.provider, "password")
  await screenshot(page, "next-password-signed-up")

  assert.deepEqual(browser.problems.cspViolations, [])
  assert.deepEqual(browser.problems.consoleErrors, [])
  assert.deepEqual(browser.problems.pageErrors, [])
  assert.deepEqual(serverErrors(app), [])
})
