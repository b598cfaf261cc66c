/**
 * "Sign in with Demo IdP" in a real browser: Gatehouse's sign-in page posts to the app, which redirects to the Demo
 * IdP (oidc-provider, another origin: 127.0.0.1 while the app is localhost); its account picker posts back through
 * the IdP's redirects to the app's callback, and the browser lands on the home page signed in. This is the flow
 * whose cookies (SameSite, one jar per site) and CSP `form-action` across origins only a browser really checks.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { launchBrowser, screenshot, see, serverErrors, startDemo } from "./harness.mjs"
import { assertNoPageProblems, pickDemoIdpAccount } from "./steps.mjs"

/* global document -- in page.evaluate, which runs in the page */

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

test("Carol signs in through the Demo IdP's account picker and lands on the home page with a session", { timeout: 15_000 }, async () => {
  const { page } = browser
  await page.goto(`${demo.url}/`)
  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  await page.getByRole("button", { name: "Sign in with Demo IdP" }).click()

  // The IdP's own page, on its own origin.
  await see(page.getByRole("heading", { name: "Sign in to continue to Gatehouse demo" }))
  await see(page.getByText("This is a demo identity provider."))
  await screenshot(page, "demo-idp-picker")
  await pickDemoIdpAccount(page, { issuer: demo.idp.issuer, account: /Carol Demo/ })

  await see(page.getByRole("heading", { name: "Signed in as Carol Demo (carol@idp.example)", exact: true }))
  assert.equal(page.url(), `${demo.url}/`)
  assert.equal(await see(page.getByText("You signed in through")), "You signed in through the Demo IdP.")
  await screenshot(page, "demo-idp-signed-in")

  // The session as a client script would fetch it. The app's pages run no script and allow no fetch (CSP
  // `default-src 'none'`), so the script runs in a second tab on another document of the app's origin whose
  // response has no CSP (Gatehouse's JSON `/auth/providers`); the home page stays as it is, not reloaded.
  const tab = await browser.context.newPage()
  await tab.goto(`${demo.url}/auth/providers`)
  const fromPage = await tab.evaluate(async () => {
    const response = await fetch("/auth/session")
    return { status: response.status, session: await response.json(), documentCookie: document.cookie }
  })
  await tab.close()
  assert.equal(fromPage.status, 200)
  assert.deepEqual(fromPage.session.user, { id: fromPage.session.user.id, name: "Carol Demo", email: "carol@idp.example", image: null })
  assert.equal(fromPage.session.signedInWith, "demo-idp")
  assert.ok(Date.parse(fromPage.session.expires) > Date.now(), `session expiry in the future: ${fromPage.session.expires}`)
  // The session token is an HttpOnly cookie: sent with the fetch, invisible to the page's script.
  assert.doesNotMatch(fromPage.documentCookie, /session-token/)
  await see(page.getByRole("heading", { name: "Signed in as Carol Demo (carol@idp.example)", exact: true }))

  assertNoPageProblems(browser)
  assert.deepEqual(serverErrors(demo), [])
})
