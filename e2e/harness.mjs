/**
 * What every browser test starts from: the demo app (`examples/demo/src/app.js`) or another example with a `start`
 * of its own (`examples/hono`) in this process, or a Next.js example (`examples/next`, `examples/next-auth-v5`: `next
 * build` then `next start` in a child process, child-app.mjs), on ephemeral ports with a temporary SQLite file, and Debian's Chromium through playwright-core, with a fresh profile, no way off loopback, and a record
 * of everything the pages complained about (console errors, uncaught errors, CSP violations).
 *
 * @example
 * const demo = await startDemo()
 * const browser = await launchBrowser()
 * await browser.page.goto(`${demo.url}/`)
 * assert.deepEqual(browser.problems.cspViolations, [])
 * await browser.close()
 * await demo.close()
 */
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { chromium } from "playwright-core"
import { readLines, startChildApp, waitUntil } from "./child-app.mjs"

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
 * test output). `idp` adds options of the Demo IdP (`startIdp`'s), e.g. `{ accessTokenTtl: 12 }`.
 */
export async function startDemo({ idp = {} } = {}) {
  return startInProcess({ example: "demo", idp })
}

/**
 * Starts `examples/<example>` in this process through its `src/app.js`'s `start`, which takes the demo's options
 * (`port`, `database`, `idp`, `logger`), as `startDemo` starts the demo. Resolves to what `start` resolves to (`url`,
 * `idp`, …) with `serverLog` and a `close()` that also removes the temporary directory.
 */
export async function startInProcess({ example, idp = {} }) {
  // Imported here, not at the top: the fixed AUTH_SECRET above must be in the environment first.
  const { start } = await import(`../examples/${example}/src/app.js`)
  const directory = await mkdtemp(join(tmpdir(), `gatehouse-e2e-${example}-`))
  const serverLog = []
  const logger = {
    error: (error) => serverLog.push(["error", error?.type ?? error?.name ?? String(error)]),
    warn: (code) => serverLog.push(["warn", code]),
    debug: () => {},
  }
  const app = await start({ port: 0, database: join(directory, `${example}.sqlite`), idp: { ...idp, port: 0 }, logger })
  return {
    ...app,
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

/**
 * Chromium's virtual authenticator on `page` (DevTools protocol `WebAuthn.addVirtualAuthenticator`): a platform
 * authenticator as a passkey needs one — CTAP2, internal transport, resident (discoverable) keys, user verification
 * that always succeeds — which answers every prompt at once, with no tap and no browser dialog. Resolves to
 * `{ authenticatorId, credentials(), answerPrompts(enabled) }`: `credentials()` lists what it holds (CDP
 * `WebAuthn.getCredentials`: `rpId`, `isResidentCredential`, `signCount`, …); `answerPrompts(false)` keeps it from
 * answering until `answerPrompts(true)`, e.g. while a page that asks for a passkey as it loads (autofill) opens.
 */
export async function addPasskeyAuthenticator(context, page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send("WebAuthn.enable", { enableUI: false })
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    authenticatorId,
    async credentials() {
      return (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials
    },
    async answerPrompts(enabled) {
      await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled })
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
  // Only what is shown: Next.js with Cache Components keeps the routes left behind in the page, hidden (React's
  // <Activity>), so a test id of the dashboard is also in the DOM of the home page after a visit.
  const shown = locator.filter({ visible: true })
  await shown.waitFor({ state: "visible" })
  return (await shown.innerText()).trim()
}

/** The errors Gatehouse logged on the server (`[level, code]` pairs with level `error`). */
export function serverErrors(demo) {
  return demo.serverLog.filter(([level]) => level === "error")
}

const repositoryRoot = fileURLToPath(new URL("../", import.meta.url))

/**
 * `examples/<example>` and how its own `npm start` runs it: the script of its `start` (`node <script> start`), run
 * directly with this Node.js so that `close()` stops the script and what it started, and nothing in between.
 */
async function nextExample(example) {
  const directory = join(repositoryRoot, "examples", example)
  const manifest = JSON.parse(await readFile(join(directory, "package.json"), "utf8").catch(() => "null"))
  if (!manifest) throw new Error(`There is no Next.js example at examples/${example} (no package.json).`)
  const start = /^node\s+(\S+)((?:\s+\S+)*)$/.exec(manifest.scripts?.start ?? "")
  if (!start) throw new Error(`examples/${example}: its "start" script must be \`node <script> …\`, not ${JSON.stringify(manifest.scripts?.start)}.`)
  // The built packages it imports: their output is an input of its build.
  const packages = Object.keys(manifest.dependencies ?? {})
    .filter((name) => name.startsWith("@gatehousejs/"))
    .map((name) => join(repositoryRoot, "packages", name.slice("@gatehousejs/".length), "dist"))
  return { name: example, directory, startArgs: [start[1], ...start[2].split(/\s+/).filter(Boolean)], packages }
}

/**
 * Starts a Next.js example (`examples/next` unless `example` names another folder of `examples/`) as `npm run build &&
 * npm start` would, but on ephemeral ports (the app's and the Demo IdP's) with a SQLite file in a temporary directory:
 * `next build` first, unless the build in `examples/<example>/.next` was made from exactly the current sources (see
 * `buildNextExample`), then the example's own `npm start` script (`node <script> start`: the Demo IdP, then `next
 * start`) in a child process (child-app.mjs's `startChildApp`). Resolves to `{ url, idp: { issuer }, close, serverLog }`,
 * like `startDemo`.
 */
export async function startNextExample({ example = "next" } = {}) {
  const app = await nextExample(example)
  await buildNextExample({ example })
  return startChildApp({
    example,
    startArgs: app.startArgs,
    env: { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    readyPath: "/api/auth/providers",
  })
}

/**
 * `next build` of a Next.js example (`examples/next` unless `example` names another), skipped when its `.next`
 * already holds a build of the same inputs: the example's files and the built packages it imports (the `dist` of each
 * `@gatehousejs/*` dependency), hashed. One build serves every test file of a run (and the next run, if nothing
 * changed); a lock directory keeps two builds (of any example) from running at once.
 */
export async function buildNextExample({ example = "next" } = {}) {
  const app = await nextExample(example)
  const lock = join(tmpdir(), "gatehouse-e2e-next-build.lock")
  const marker = join(app.directory, ".next", "gatehouse-e2e-inputs")
  await waitUntil(async () => {
    try {
      await mkdir(lock)
      return true
    } catch (error) {
      if (error.code !== "EEXIST") throw error
      // A lock left by a killed run is stale after 10 minutes.
      const { mtimeMs } = await stat(lock).catch(() => ({ mtimeMs: Date.now() }))
      if (Date.now() - mtimeMs > 600_000) await rm(lock, { recursive: true, force: true })
      return false
    }
  }, 600_000, 500)
  try {
    const inputs = await hashInputs(app)
    const built = await readFile(marker, "utf8").catch(() => "")
    if (built === inputs) return
    const nextBin = join(repositoryRoot, "node_modules/next/dist/bin/next")
    const output = []
    const child = spawn(process.execPath, [nextBin, "build"], {
      cwd: app.directory,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    })
    readLines(child.stdout, (line) => output.push(line))
    readLines(child.stderr, (line) => output.push(line))
    const code = await new Promise((resolve) => child.once("exit", resolve))
    if (code !== 0) throw new Error(`next build of examples/${example} failed (exit ${code}):\n${output.join("\n")}`)
    await writeFile(marker, inputs)
  } finally {
    await rm(lock, { recursive: true, force: true })
  }
}

async function hashInputs(app) {
  const hash = createHash("sha256")
  const skip = new Set([".next", "node_modules", "data", "next-env.d.ts", "tsconfig.tsbuildinfo"])
  for (const root of [app.directory, ...app.packages]) {
    for (const file of await listFiles(root, skip)) {
      hash.update(`${relative(repositoryRoot, file)}\0`)
      hash.update(await readFile(file))
    }
  }
  return hash.digest("hex")
}

async function listFiles(directory, skip) {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => [])
  const files = []
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (skip.has(entry.name)) continue
    const path = join(directory, entry.name)
    if (entry.isDirectory()) files.push(...(await listFiles(path, skip)))
    else if (entry.isFile()) files.push(path)
  }
  return files
}
