/**
 * Token refresh as a user sees it: signed in through the Demo IdP, the demo's `/tokens` page shows the access token
 * `getAccessToken(req, res, "demo-idp", { minValidity: 10 })` handed out (its last characters and expiry, counting
 * down in the page's one inline script) and the IdP's API answer to it. The IdP's access tokens live 12 seconds here
 * (30 in `npm start`), so that within two seconds the token is inside the 10-second margin: the page says the next
 * call refreshes it, and a reload shows the API answering a new token with a later expiry.
 */
import assert from "node:assert/strict"
import { after, before, test } from "node:test"
import { cspConsoleErrors, launchBrowser, screenshot, see, serverErrors, startDemo } from "./harness.mjs"

/** The IdP's access-token lifetime for this test: just over the page's 10-second margin, so the wait is short. */
const ACCESS_TOKEN_TTL = 12

let demo
let browser

before(async () => {
  demo = await startDemo({ idp: { accessTokenTtl: ACCESS_TOKEN_TTL } })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await demo?.close()
})

/** What the tokens page shows of the token: its suffix, its expiry (seconds since the epoch), the IdP's refresh count. */
async function shownToken(page) {
  return {
    suffix: await see(page.locator("#token-suffix")),
    expiresAt: Number(await page.locator("#countdown").getAttribute("data-expires-at")),
    refreshes: Number(await see(page.locator("#refresh-count"))),
  }
}

test("token refresh: the tokens page calls the Demo IdP's API, and after the countdown a reload shows a new token", { timeout: 30_000 }, async () => {
  const { page } = browser
  await page.goto(`${demo.url}/`)
  await page.getByRole("link", { name: "Sign in", exact: true }).click()
  await page.getByRole("button", { name: "Sign in with Demo IdP" }).click()
  await page.getByRole("button", { name: /Carol Demo/ }).click()
  await see(page.getByRole("heading", { name: "Signed in as Carol Demo (carol@idp.example)", exact: true }))

  await page.getByRole("link", { name: "Call an API with your Demo IdP token" }).click()
  await see(page.getByRole("heading", { name: "Your Demo IdP access token" }))
  assert.match(await see(page.locator("#api-answer")), /^HTTP\/1\.1 200\n\{\n {2}"message": "Hello, Carol Demo!",$/m)
  const first = await shownToken(page)
  assert.match(first.suffix, /^…[\w-]{6}$/)
  assert.ok(first.expiresAt > Date.now() / 1000, `the token is not expired yet: ${first.expiresAt}`)
  assert.ok(first.expiresAt <= Date.now() / 1000 + ACCESS_TOKEN_TTL + 1, `it lives ${ACCESS_TOKEN_TTL} s: ${first.expiresAt}`)

  // The countdown script runs (the CSP allows it by hash) and says when the token is inside the margin: the next
  // call refreshes first. It ticks every second, so this is at most a second after the token entered the margin.
  await see(page.getByText(/s left: the next call refreshes it first$/).or(page.getByText(/^expired: the next call gets a new token$/)))
  assert.ok(Date.now() / 1000 >= first.expiresAt - 10, "the token is within minValidity (10 s) of its expiry")

  await page.reload()
  await see(page.getByRole("heading", { name: "Your Demo IdP access token" }))
  assert.match(await see(page.locator("#api-answer")), /"sub": "carol"/)
  const second = await shownToken(page)
  assert.notEqual(second.suffix, first.suffix, "a new access token after the refresh")
  assert.ok(second.expiresAt > first.expiresAt, `a later expiry: ${second.expiresAt} after ${first.expiresAt}`)
  assert.equal(second.refreshes, first.refreshes + 1, "the Demo IdP answered one more refresh request")
  assert.match(await see(page.locator("#countdown")), /^\d+ s left/)
  await screenshot(page, "token-refresh")

  assert.deepEqual(browser.problems.cspViolations, [])
  assert.deepEqual(cspConsoleErrors(browser.problems), [])
  assert.deepEqual(browser.problems.pageErrors, [])
  assert.deepEqual(serverErrors(demo), [])
})
