/**
 * "Sign in with Demo IdP" on the Next.js example: the custom sign-in page's server action starts the OIDC flow
 * (the check cookies written through `next/headers`, then `redirect()` to the IdP, another origin), the IdP's account
 * picker sends the browser back to the route handler's callback, and the home page shows the session in the server
 * component and in the client component.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { cspConsoleErrors, launchBrowser, screenshot, see, serverErrors, startNextExample } from "./harness.mjs"
import { pickDemoIdpAccount } from "./steps.mjs"

/* global document -- in page.evaluate, which runs in the page */

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

test("cancelling at the Demo IdP comes back to the custom sign-in page with its message, signed out (first: the IdP has no session yet)", { timeout: 30_000 }, async () => {
  const { page } = browser
  const errorsBefore = serverErrors(app).length
  await page.goto(`${app.url}/signin`)
  await page.getByRole("button", { name: "Sign in with Demo IdP" }).click()
  await see(page.getByRole("heading", { name: "Sign in to continue to Gatehouse demo" }))
  await page.getByRole("button", { name: "Cancel and go back to Gatehouse demo" }).click()

  // The page's own alert: Next.js's route announcer, outside <main>, has the role too.
  assert.equal(await see(page.locator("main").getByRole("alert")), "Try signing in with a different account.")
  const url = new URL(page.url())
  assert.equal(url.origin + url.pathname, `${app.url}/signin`)
  assert.equal(url.searchParams.get("error"), "OAuthCallbackError")
  const session = await page.evaluate(async () => (await fetch("/api/auth/session")).json())
  assert.equal(session, null)

  assert.deepEqual(browser.problems.cspViolations, [])
  assert.deepEqual(browser.problems.consoleErrors, [])
  assert.deepEqual(browser.problems.pageErrors, [])
  // A cancel is the visitor's doing: one warning line (OAuthCallbackError), nothing at error level.
  assert.deepEqual(serverErrors(app).slice(errorsBefore), [])
  assert.ok(app.serverLog.some(([level, what]) => level === "warn" && what === "sign-in-refused"))
})

test("Carol signs in through the Demo IdP from the custom sign-in page and lands on the home page with a session", { timeout: 30_000 }, async () => {
  const { page } = browser
  const errorsBefore = serverErrors(app).length
  await page.goto(`${app.url}/signin`)
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  await page.getByRole("button", { name: "Sign in with Demo IdP" }).click()

  // The IdP's own page, on its own origin.
  await see(page.getByRole("heading", { name: "Sign in to continue to Gatehouse demo" }))
  await pickDemoIdpAccount(page, { issuer: app.idp.issuer, account: /Carol Demo/ })

  await see(page.getByRole("heading", { name: "Signed in as Carol Demo (carol@idp.example)", exact: true }))
  assert.equal(page.url(), `${app.url}/`)
  await see(page.getByText("You signed in through the Demo IdP."))
  assert.equal(await see(page.getByTestId("client-session")), "Client component: signed in as Carol Demo (carol@idp.example).")
  await screenshot(page, "next-demo-idp-signed-in")

  // The session as client code fetches it, from the page itself (the example sets no CSP of its own).
  const fromPage = await page.evaluate(async () => {
    const response = await fetch("/api/auth/session")
    return { status: response.status, session: await response.json(), documentCookie: document.cookie }
  })
  assert.equal(fromPage.status, 200)
  assert.equal(fromPage.session.user.name, "Carol Demo")
  assert.equal(fromPage.session.user.email, "carol@idp.example")
  assert.equal(fromPage.session.provider, "demo-idp")
  assert.ok(Date.parse(fromPage.session.expires) > Date.now(), `session expiry in the future: ${fromPage.session.expires}`)
  assert.doesNotMatch(fromPage.documentCookie, /session-token/)

  await page.getByRole("link", { name: "Dashboard" }).click()
  assert.equal(await see(page.getByTestId("display-name")), "Carol Demo")

  await page.getByRole("button", { name: "Sign out" }).click()
  await see(page.getByRole("heading", { name: "You are not signed in." }))
  assert.equal(await see(page.getByTestId("client-session")), "Client component: not signed in.")

  assert.deepEqual(browser.problems.cspViolations, [])
  assert.deepEqual(cspConsoleErrors(browser.problems), [])
  assert.deepEqual(browser.problems.consoleErrors, [])
  assert.deepEqual(browser.problems.pageErrors, [])
  assert.deepEqual(serverErrors(app).slice(errorsBefore), [])
})
