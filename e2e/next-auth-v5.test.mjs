/**
 * `examples/next-auth-v5` — a next-auth v5 app whose only differences from one are its import specifiers — built and
 * started as `npm run build && npm start` would, in a real browser: the built-in sign-in page reached through
 * `proxy.ts`, a wrong and a right password (Credentials), the session in a server component, in `useSession()` and
 * after `update()`, the `auth()`-wrapped API route signed out and in, the Demo IdP through a server action, and
 * signing out; the footer's version read from the package's package.json.
 */
import assert from "node:assert/strict"
import { readFile } from "node:fs/promises"
import { after, before, test } from "node:test"
import { cspConsoleErrors, launchBrowser, screenshot, see, serverErrors, startNextExample } from "./harness.mjs"
import { pickDemoIdpAccount } from "./steps.mjs"

/* global document -- in page.evaluate, which runs in the page */

const { name: packageName, version } = JSON.parse(await readFile(new URL("../packages/next/package.json", import.meta.url), "utf8"))

let app
let browser

before(async () => {
  app = await startNextExample({ example: "next-auth-v5" })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await app?.close()
})

const sessionData = (page) => page.getByTestId("session-data")
const clientSession = (page) => page.getByTestId("client-session")

/** The JSON the protected API route answered, as the API Example page shows it: `[status, body]`. */
async function apiAnswer(page) {
  await page.goto(`${app.url}/api-example`)
  await page.getByTestId("api-answer").filter({ hasNotText: "Loading" }).waitFor()
  const [status, ...json] = (await see(page.getByTestId("api-answer"))).split(" ")
  return [Number(status), JSON.parse(json.join(" "))]
}

function assertNoProblems(errorsBefore) {
  assert.deepEqual(browser.problems.cspViolations, [])
  assert.deepEqual(cspConsoleErrors(browser.problems), [])
  assert.deepEqual(browser.problems.pageErrors, [])
  assert.deepEqual(serverErrors(app).slice(errorsBefore), [])
}

test("Alice signs in with a password through the proxy and the built-in page; server, client and API see her; update() renames her; she signs out", { timeout: 60_000 }, async () => {
  const { page } = browser
  const errorsBefore = serverErrors(app).length
  const consoleBefore = browser.problems.consoleErrors.length

  await page.goto(`${app.url}/`)
  await see(page.getByRole("heading", { name: "You are not signed in." }))
  assert.equal(await see(page.getByTestId("auth-package")), `${packageName} ${version}`)

  // Signed out, the auth()-wrapped route answers 401 with the sign-in page's URL from createActionURL.
  const [status, body] = await apiAnswer(page)
  assert.equal(status, 401)
  assert.deepEqual(body, { message: "Not authenticated", signIn: `${app.url}/api/auth/signin` })
  // That 401 is the one console error the browser reports (a failed fetch), and it is expected.
  assert.deepEqual(browser.problems.consoleErrors.slice(consoleBefore).map((text) => /\b401\b/.test(text)), [true])
  browser.problems.consoleErrors.splice(consoleBefore)

  // The proxy sends a signed-out visitor of the guarded page to the built-in sign-in page, with the way back.
  await page.goto(`${app.url}/middleware-example`)
  await see(page.getByRole("button", { name: "Sign in with Password" }))
  const signInUrl = new URL(page.url())
  assert.equal(signInUrl.pathname, "/api/auth/signin")
  assert.equal(new URL(signInUrl.searchParams.get("callbackUrl"), app.url).pathname, "/middleware-example")
  await see(page.getByRole("button", { name: "Sign in with Demo IdP" }))

  // A wrong password: the app's CredentialsSignin subclass sends its own code; the server logs one warning.
  await page.getByLabel("Email").fill("alice@example.com")
  await page.getByLabel("Password").fill("not-wonderland")
  await page.getByRole("button", { name: "Sign in with Password" }).click()
  assert.equal(await see(page.getByRole("alert")), "Sign in failed. Check the details you provided are correct.")
  const refused = new URL(page.url())
  assert.equal(refused.searchParams.get("error"), "CredentialsSignin")
  assert.equal(refused.searchParams.get("code"), "invalid_credentials")
  await screenshot(page, "next-auth-v5-wrong-password")
  assert.deepEqual(app.serverLog.filter(([, what]) => what === "sign-in-refused"), [["warn", "sign-in-refused"]])

  await page.getByLabel("Email").fill("alice@example.com")
  await page.getByLabel("Password").fill("wonderland")
  await page.getByRole("button", { name: "Sign in with Password" }).click()
  await see(page.getByRole("heading", { name: "Middleware Example" }))
  assert.equal(new URL(page.url()).pathname, "/middleware-example")
  assert.match(await see(sessionData(page)), /Name\s+Alice\s+Email\s+alice@example\.com\s+Role\s+admin\s+Provider\s+credentials/)

  await page.getByRole("link", { name: "Home" }).click()
  await see(page.getByRole("heading", { name: "Signed in as Alice (alice@example.com)" }))
  assert.equal(await see(page.getByTestId("header-user")), "Alice")
  await screenshot(page, "next-auth-v5-signed-in")

  // The client component: useSession() from the SessionProvider, then update() through the jwt callback.
  await page.getByRole("link", { name: "Client Example" }).click()
  assert.equal(await see(clientSession(page)), "useSession(): signed in as Alice (admin).")
  await page.getByLabel("Display name").fill("Alice Liddell")
  await page.getByRole("button", { name: "Update the session" }).click()
  await see(clientSession(page).filter({ hasText: "useSession(): signed in as Alice Liddell (admin)." }))
  await screenshot(page, "next-auth-v5-client-example")
  await page.goto(`${app.url}/`)
  await see(page.getByRole("heading", { name: "Signed in as Alice Liddell (alice@example.com)" }))

  const [signedInStatus, signedInBody] = await apiAnswer(page)
  assert.equal(signedInStatus, 200)
  assert.equal(signedInBody.data, "Protected data")
  assert.deepEqual(signedInBody.user, { name: "Alice Liddell", email: "alice@example.com", id: "alice", role: "admin" })

  await page.getByRole("button", { name: "Sign out" }).click()
  await see(page.getByRole("heading", { name: "You are not signed in." }))
  const session = await page.evaluate(async () => (await fetch("/api/auth/session")).json())
  assert.equal(session, null)
  await page.goto(`${app.url}/client-example`)
  assert.equal(await see(clientSession(page)), "useSession(): not signed in.")

  assert.deepEqual(browser.problems.consoleErrors.slice(consoleBefore), [])
  assertNoProblems(errorsBefore)
})

test("Carol signs in through the Demo IdP from a server action (signIn(\"demo-idp\")) and signs out", { timeout: 60_000 }, async () => {
  const { page } = browser
  const errorsBefore = serverErrors(app).length
  const consoleBefore = browser.problems.consoleErrors.length

  await page.goto(`${app.url}/`)
  await page.getByRole("button", { name: "Sign in with Demo IdP" }).click()
  await see(page.getByRole("heading", { name: "Sign in to continue to Gatehouse demo" }))
  await pickDemoIdpAccount(page, { issuer: app.idp.issuer, account: /Carol Demo/ })

  await see(page.getByRole("heading", { name: "Signed in as Carol Demo (carol@idp.example)" }))
  assert.equal(page.url(), `${app.url}/`)
  assert.match(await see(sessionData(page)), /Role\s+member\s+Provider\s+demo-idp/)
  await screenshot(page, "next-auth-v5-demo-idp-signed-in")

  const fromPage = await page.evaluate(async () => {
    const response = await fetch("/api/auth/session")
    return { session: await response.json(), documentCookie: document.cookie }
  })
  assert.equal(fromPage.session.user.name, "Carol Demo")
  assert.equal(fromPage.session.user.role, "member")
  assert.equal(fromPage.session.provider, "demo-idp")
  assert.doesNotMatch(fromPage.documentCookie, /session-token/)

  await page.getByRole("link", { name: "Client Example" }).click()
  assert.equal(await see(clientSession(page)), "useSession(): signed in as Carol Demo (member).")

  await page.getByRole("button", { name: "Sign out" }).click()
  await see(page.getByRole("heading", { name: "You are not signed in." }))

  assert.deepEqual(browser.problems.consoleErrors.slice(consoleBefore), [])
  assertNoProblems(errorsBefore)
})
