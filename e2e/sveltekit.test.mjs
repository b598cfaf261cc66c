/**
 * The SvelteKit example (`examples/sveltekit`, `@gatehousejs/sveltekit` on Svelte 5 / SvelteKit 2 with adapter-node)
 * in a real browser: the app's own sign-in page, whose `<SignIn />` forms post to the `signIn` form action — a
 * password (a wrong one first), the Demo IdP (another origin) and back, an e-mail link from the outbox — the
 * protected page, and `<SignOut />` in the header. The example is built with `vite build` first (a few seconds), then
 * started as its `npm start` starts it (`scripts/with-demo-idp.mjs start`: the Demo IdP, then `node build` in
 * production) on ephemeral ports with a temporary SQLite file.
 */
import assert from "node:assert/strict"
import { spawn, spawnSync } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { after, before, test } from "node:test"
import { cspConsoleErrors, launchBrowser, screenshot, see } from "./harness.mjs"

const exampleDir = fileURLToPath(new URL("../examples/sveltekit/", import.meta.url))
const viteBin = fileURLToPath(new URL("../node_modules/vite/bin/vite.js", import.meta.url))

let example
let browser

/** `vite build` of the example (its `npm run build`), against the packages' current `dist`. */
function buildExample() {
  const result = spawnSync(process.execPath, [viteBin, "build", "--logLevel", "error"], { cwd: exampleDir, encoding: "utf8" })
  if (result.status !== 0) throw new Error(`vite build of examples/sveltekit failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`)
}

/** The example as `npm start` runs it; resolves to `{ url, issuer, serverLog, close }` once it answers. */
async function startExample() {
  const directory = await mkdtemp(join(tmpdir(), "gatehouse-e2e-sveltekit-"))
  const port = await freePort()
  const url = `http://localhost:${port}`
  const output = []
  const serverLog = []
  const child = spawn(process.execPath, ["scripts/with-demo-idp.mjs", "start"], {
    cwd: exampleDir,
    // Its own process group: `close()` stops the script, the IdP and the server together.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PORT: String(port), IDP_PORT: "0", EXAMPLE_DB: join(directory, "sveltekit.sqlite") },
  })
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })))
  let issuer
  const onData = (chunk) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line) continue
      output.push(line)
      const text = line.replace(/\x1b\[[0-9;]*m/g, "") // eslint-disable-line no-control-regex -- ANSI colours
      issuer ??= /Demo IdP \(OpenID Provider\) at (http:\/\/127\.0\.0\.1:\d+)\//.exec(text)?.[1]
      const logged = /\[gatehouse\]\[(error|warn)\](?:\[([\w-]+)\])? ?(\w+)?/.exec(text)
      if (logged) serverLog.push([logged[1], logged[2] ?? logged[3]])
    }
  }
  child.stdout.on("data", onData)
  child.stderr.on("data", onData)

  const close = async () => {
    try {
      process.kill(-child.pid, "SIGTERM")
    } catch {}
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL")
      } catch {}
    }, 5_000)
    await exited
    clearTimeout(timer)
    await rm(directory, { recursive: true, force: true })
  }

  const deadline = Date.now() + 20_000
  for (;;) {
    const ended = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100, null))])
    if (ended) throw new Error(`The SvelteKit example exited (${JSON.stringify(ended)}):\n${output.join("\n")}`)
    const answer = issuer ? await fetch(`${url}/auth/providers`).catch(() => undefined) : undefined
    if (answer?.status === 200) break
    if (Date.now() > deadline) {
      await close()
      throw new Error(`The SvelteKit example did not start:\n${output.join("\n")}`)
    }
  }
  return { url, issuer, serverLog, output, close }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "localhost", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

before(async () => {
  buildExample()
  example = await startExample()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await example?.close()
})

/** The errors Gatehouse logged on the server. */
function serverErrors() {
  return example.serverLog.filter(([level]) => level === "error")
}

function assertNoProblems() {
  assert.deepEqual(browser.problems.cspViolations, [])
  assert.deepEqual(cspConsoleErrors(browser.problems), [])
  assert.deepEqual(browser.problems.pageErrors, [])
  assert.deepEqual(serverErrors(), [])
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

  await page.getByLabel("Username").fill("alice")
  await page.getByLabel("Password").fill("not-her-password")
  await page.getByRole("button", { name: "Sign in with Password" }).click()
  await see(page.getByRole("alert"))
  assert.equal(await see(page.getByRole("alert")), "Sign in failed. Check the details you provided are correct.")
  assert.equal((await browser.context.cookies()).some((c) => c.name === "authjs.session-token"), false)
  await screenshot(page, "sveltekit-wrong-password")

  await page.getByLabel("Username").fill("bob")
  await page.getByLabel("Password").fill("builder")
  await page.getByRole("button", { name: "Sign in with Password" }).click()
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
  await page.getByLabel("Username").fill("alice")
  await page.getByLabel("Password").fill("wonderland")
  await page.getByRole("button", { name: "Sign in with Password" }).click()

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

  await see(page.getByText("This is a demo identity provider."))
  assert.equal(new URL(page.url()).origin, example.issuer)
  await page.getByRole("button", { name: /Carol Demo/ }).click()

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
  await page.getByLabel("Email").fill("newuser@example.com")
  await page.getByRole("button", { name: "Sign in with Email" }).click()

  await see(page.getByRole("heading", { name: "Check your email", exact: true }))
  await page.getByRole("link", { name: "Open the outbox" }).click()
  const link = page.getByRole("link", { name: "Sign in as newuser@example.com", exact: true })
  await see(link)
  assert.equal(new URL(await link.getAttribute("href")).pathname, "/auth/callback/email")
  await link.click()

  await see(page.getByRole("heading", { name: "Signed in as newuser@example.com", exact: true }))
  assert.equal(await see(page.getByText("You signed in with")), "You signed in with a link sent by e-mail.")
  await screenshot(page, "sveltekit-magic-link-signed-in")

  await signOut(page)
  assertNoProblems()
})
