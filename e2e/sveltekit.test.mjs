/**
 * The SvelteKit example (`examples/sveltekit`, `@gatehousejs/sveltekit` on Svelte 5 / SvelteKit 2 with adapter-node)
 * in a real browser: the app's own sign-in page, whose `<SignIn />` forms post to the `signIn` form action — a
 * password (a wrong one first), the Demo IdP (another origin) and back, an e-mail link from the outbox — the
 * protected page, and `<SignOut />` in the header. The example is built with `vite build` first (a few seconds), then
 * started as its `npm start` starts it (`scripts/with-demo-idp.mjs start`: the Demo IdP, then `node build` in
 * production) on ephemeral ports with a temporary SQLite file.
 */
import assert from "node:assert/strict"
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { after, before, test } from "node:test"
import { startChildApp } from "./child-app.mjs"
import { launchBrowser, screenshot, see, serverErrors } from "./harness.mjs"
import { assertNoPageProblems, followOutboxLink, pickDemoIdpAccount, requestEmailLink, signInWithPassword } from "./steps.mjs"

const exampleDir = fileURLToPath(new URL("../examples/sveltekit/", import.meta.url))
const viteBin = fileURLToPath(new URL("../node_modules/vite/bin/vite.js", import.meta.url))

let example
let browser

/** `vite build` of the example (its `npm run build`), against the packages' current `dist`. */
function buildExample() {
  const result = spawnSync(process.execPath, [viteBin, "build", "--logLevel", "error"], { cwd: exampleDir, encoding: "utf8" })
  if (result.status !== 0) throw new Error(`vite build of examples/sveltekit failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`)
}

before(async () => {
  buildExample()
  // As its `npm start` runs it: the Demo IdP, then `node build` in production.
  example = await startChildApp({ example: "sveltekit", startArgs: ["scripts/with-demo-idp.mjs", "start"], readyPath: "/auth/providers", timeoutMs: 20_000 })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await example?.close()
})

function assertNoProblems() {
  assertNoPageProblems(browser)
  assert.deepEqual(serverErrors(example), [])
}

/** The header's `<SignOut />` button: the form action signs out and sends the browser home. */
async function signOut(page) {
  await page.getByRole("navigation").getByRole("button", { name: "Sign out", exact: true }).click()
  await see(page.getByRole("heading", { name: "Welcome", exact: true }))
  assert.equal(page.url(), `${example.url}/`)
  await see(page.getByText("You are not signed in."))
}

test("sveltekit: signed out, the private page leads to sign-in; a wrong password is refused, the right one lands there", { timeout: 20_000 }, async () => {
  const { page } = browser
  await page.goto(`${example.url}/private`)
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  assert.equal(page.url(), `${example.url}/signin?callbackUrl=%2Fprivate`)
  await screenshot(page, "sveltekit-signin-page")

  // The form action is the README's bare `actions = { default: signIn }`: the refusal comes back to this page as the
  // endpoint sends it, with the callbackUrl kept.
  await signInWithPassword(page, { username: "alice", password: "not-her-password" })
  await see(page.getByRole("alert"))
  assert.equal(page.url(), `${example.url}/signin?error=CredentialsSignin&code=invalid_credentials&callbackUrl=%2Fprivate`)
  assert.equal(await see(page.getByRole("alert")), "Sign in failed. Check the details you provided are correct.")
  assert.equal((await browser.context.cookies()).some((c) => c.name === "authjs.session-token"), false)
  await screenshot(page, "sveltekit-wrong-password")

  await signInWithPassword(page, { username: "bob", password: "builder" })
  await see(page.getByRole("heading", { name: "Private page", exact: true }))
  assert.equal(page.url(), `${example.url}/private`)
  await see(page.getByText("Hello, Bob!"))

  const session = (await browser.context.cookies()).find((c) => c.name === "authjs.session-token")
  assert.equal(session?.httpOnly, true)
  await page.goto(`${example.url}/`)
  await signOut(page)
  assertNoProblems()
})

test("sveltekit: alice signs in with her password from the home page, sees who she is, and signs out", { timeout: 15_000 }, async () => {
  const { page } = browser
  await page.goto(`${example.url}/`)
  await see(page.getByRole("heading", { name: "Welcome", exact: true }))
  await page.getByRole("navigation").getByRole("link", { name: "Sign in", exact: true }).click()

  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  await signInWithPassword(page, { username: "alice", password: "wonderland" })

  await see(page.getByRole("heading", { name: "Signed in as Alice (alice@example.com)", exact: true }))
  assert.equal(page.url(), `${example.url}/`)
  assert.equal(await see(page.getByText("You signed in with")), "You signed in with a password.")
  await screenshot(page, "sveltekit-password-signed-in")

  await page.getByRole("navigation").getByRole("link", { name: "Private page", exact: true }).click()
  await see(page.getByText("Hello, Alice!"))
  await page.getByRole("navigation").getByRole("link", { name: "Home", exact: true }).click()
  await signOut(page)
  await screenshot(page, "sveltekit-signed-out")

  // The session is gone, not just hidden: the private page sends the browser to sign in again.
  await page.goto(`${example.url}/private`)
  await see(page.getByRole("heading", { name: "Sign in", exact: true }))
  assertNoProblems()
})

test("sveltekit: Carol signs in through the Demo IdP's account picker and signs out", { timeout: 15_000 }, async () => {
  const { page } = browser
  await page.goto(`${example.url}/signin`)
  await page.getByRole("button", { name: "Sign in with Demo IdP" }).click()

  await pickDemoIdpAccount(page, { issuer: example.idp.issuer, account: /Carol Demo/ })

  await see(page.getByRole("heading", { name: "Signed in as Carol Demo (carol@idp.example)", exact: true }))
  assert.equal(page.url(), `${example.url}/`)
  assert.equal(await see(page.getByText("You signed in through")), "You signed in through the Demo IdP.")
  await screenshot(page, "sveltekit-demo-idp-signed-in")

  await signOut(page)
  assertNoProblems()
})

test("sveltekit: a new address signs in with the e-mail link from the outbox", { timeout: 15_000 }, async () => {
  const { page } = browser
  await page.goto(`${example.url}/signin`)
  await requestEmailLink(page, "newuser@example.com")
  await followOutboxLink(page, { email: "newuser@example.com", callbackPath: "/auth/callback/email" })

  await see(page.getByRole("heading", { name: "Signed in as newuser@example.com", exact: true }))
  assert.equal(await see(page.getByText("You signed in with")), "You signed in with a link sent by e-mail.")
  await screenshot(page, "sveltekit-magic-link-signed-in")

  await signOut(page)
  assertNoProblems()
})
