/**
 * "Sign in with Demo IdP" on the Next.js example: the custom sign-in page's server action starts the OIDC flow
 * (the check cookies written through `next/headers`, then `redirect()` to the IdP, another origin), the IdP's account
 * picker sends the browser back to the route handler's callback, and the home page shows the session in the server
 * component and in the client component.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { cspConsoleErrors, launchBrowser, screenshot, see, serverErrors, startNextExample } from "./harness.mjs"

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

test("Carol signs in through the Demo IdP from the custom sign-in page and lands on the home page with a session", { timeout: 30_000 }, async () => {
  const { page } = browser
  await page.goto(`${app.url}/signin`)
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  await page.getByRole("button", { name: "Sign in with Demo IdP" }).click()

  // The IdP's own page, on its own origin.
  await see(page.getByRole("heading", { name: "Sign in to continue to Gatehouse demo" }))
  assert.equal(new URL(page.url()).origin, app.idp.issuer)
  await page.getByRole("button", { name: /Carol Demo/ }).click()

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
  assert.deepEqual(serverErrors(app), [])
})
