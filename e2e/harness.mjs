/**
 * What every browser test starts from: the demo app (`examples/demo/src/app.js`) in this process, on ephemeral
 * ports with a temporary SQLite file, and Debian's Chromium through playwright-core, with a fresh profile, no way
 * off loopback, and a record of everything the pages complained about (console errors, uncaught errors, CSP
 * violations).
 *
 * @example
 * const demo = await startDemo()
 * const browser = await launchBrowser()
 * await browser.page.goto(`${demo.url}/`)
 * assert.deepEqual(browser.problems.cspViolations, [])
 * await browser.close()
 * await demo.close()
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { chromium } from "playwright-core"

/* global document, location -- in the init script, which runs in the pages */

// Fixed, so that CSRF tokens and e-mail links are signed the same way through a whole run. Set before the demo
// (and with it Gatehouse) is imported: see `startDemo`. Test-only; it guards nothing.
process.env.AUTH_SECRET ??= "gatehouse-e2e-secret-not-for-production-0123456789"

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium"

// design.md §4. Playwright adds `--headless` itself (`headless: true`).
const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // `route` below does not see the hops of a redirect, so nothing but loopback resolves either (the rule applies
  // to IP literals too: 127.0.0.1, the Demo IdP's host, must be excluded by name).
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"])

/** Where the screenshots go (git-ignored). */
export const screenshotDir = fileURLToPath(new URL("./screenshots/", import.meta.url))

/**
 * Starts the demo as `npm start` runs it, but on ephemeral ports (the app's and the Demo IdP's) and with a SQLite
 * file in a temporary directory. Resolves to `{ url, idp, close, serverLog }`: `url` is the app's origin as the IdP
 * knows it (`http://localhost:<port>`), `serverLog` what Gatehouse logged (`[level, code]` pairs, kept out of the
 * test output).
 */
export async function startDemo() {
  // Imported here, not at the top: the fixed AUTH_SECRET above must be in the environment first.
  const { start } = await import("../examples/demo/src/app.js")
  const directory = await mkdtemp(join(tmpdir(), "gatehouse-e2e-"))
  const serverLog = []
  const logger = {
    error: (code) => serverLog.push(["error", code]),
    warn: (code) => serverLog.push(["warn", code]),
    debug: () => {},
  }
  const app = await start({ port: 0, database: join(directory, "demo.sqlite"), idp: { port: 0 }, logger })
  return {
    url: app.url,
    idp: app.idp,
    serverLog,
    async close() {
      try {
        await app.close()
      } finally {
        await rm(directory, { recursive: true, force: true })
      }
    },
  }
}

/**
 * Launches Chromium with a fresh profile (`launchPersistentContext`: the profile is the one context) and the flags
 * of design.md §4. Every request to a host other than loopback is aborted. Resolves to
 * `{ context, page, problems, close }`; `problems` collects, for the whole browser:
 * - `consoleErrors`: console messages of type `error` (`"<text> (at <url>)"`),
 * - `pageErrors`: uncaught exceptions in pages,
 * - `cspViolations`: `securitypolicyviolation` events (`"<directive> blocked <what> on <page>"`), reported by a
 *   listener Playwright installs in every document (it is not page script, so the pages' CSP does not stop it).
 */
export async function launchBrowser() {
  const profile = await mkdtemp(join(tmpdir(), "gatehouse-e2e-profile-"))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
    viewport: { width: 1000, height: 760 },
    colorScheme: "light",
  })
  // A step that hangs should fail the test long before the test's own time limit.
  context.setDefaultTimeout(5_000)

  await context.route("**/*", (route) => {
    const { hostname } = new URL(route.request().url())
    return loopbackHosts.has(hostname) ? route.continue() : route.abort("blockedbyclient")
  })

  const problems = { consoleErrors: [], pageErrors: [], cspViolations: [] }
  await context.exposeBinding("__reportCspViolation", (_source, violation) => {
    problems.cspViolations.push(violation)
  })
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const what = event.blockedURI || "inline"
      globalThis.__reportCspViolation(`${event.effectiveDirective} blocked ${what} on ${location.href}`)
    })
  })
  const watch = (page) => {
    page.on("console", (message) => {
      if (message.type() !== "error") return
      problems.consoleErrors.push(`${message.text()} (at ${message.location().url || page.url()})`)
    })
    page.on("pageerror", (error) => problems.pageErrors.push(`${error.message} (at ${page.url()})`))
  }
  context.pages().forEach(watch)
  context.on("page", watch)

  const page = context.pages()[0] ?? (await context.newPage())
  return {
    context,
    page,
    problems,
    async close() {
      try {
        await context.close()
      } finally {
        await rm(profile, { recursive: true, force: true })
      }
    },
  }
}

/** Saves a full-page screenshot as `e2e/screenshots/<name>.png` and returns its path. */
export async function screenshot(page, name) {
  await mkdir(screenshotDir, { recursive: true })
  const path = join(screenshotDir, `${name}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}

/** The CSP violations among the console errors (Chromium words them "… violates the … Content Security Policy …"). */
export function cspConsoleErrors(problems) {
  return problems.consoleErrors.filter((text) => /Content Security Policy/i.test(text))
}

/**
 * Waits until the element is visible (across navigations) and resolves to its text: how a test "sees" what a user
 * would, e.g. `await see(page.getByRole("heading", { name: "Welcome" }))`.
 */
export async function see(locator) {
  await locator.waitFor({ state: "visible" })
  return (await locator.innerText()).trim()
}

/** The errors Gatehouse logged on the server (`[level, code]` pairs with level `error`). */
export function serverErrors(demo) {
  return demo.serverLog.filter(([level]) => level === "error")
}
