/**
 * `npm run dev` / `npm start` of the example: starts the Demo IdP (the demo's OpenID Provider,
 * `examples/demo/src/idp.js`) on loopback, then the app — `vite dev`, or the adapter-node server (`node build`, built
 * first by `vite build` when there is no build yet) — with the IdP's issuer and client credentials in the
 * environment (`AUTH_DEMO_IDP_ISSUER`, `_ID`, `_SECRET`: the variables Gatehouse reads for the provider id `demo-idp`).
 * The IdP's client secret is random per start, so the two start together.
 *
 * Environment: PORT (default 3000), IDP_PORT (default 3001; 0: any free port), AUTH_SECRET, AUTH_URL (default
 * `http://localhost:<PORT>/auth`: e-mail links are built from it), EXAMPLE_DB. The app must be opened at
 * `http://localhost:<PORT>`: the IdP registered that callback URL. `start` runs in production (`NODE_ENV=production`),
 * where Gatehouse refuses to run without a secret: when AUTH_SECRET is not set, this script makes up a random one for
 * the run (and says so). adapter-node is told the public origin (`ORIGIN`), which it would otherwise guess as https.
 * Stops both on SIGINT / SIGTERM, and the IdP when the app exits.
 */
import { spawn, spawnSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"
import { startIdp } from "../../demo/src/idp.js"

const command = process.argv[2]
if (command !== "dev" && command !== "start") {
  console.error("Usage: node scripts/with-demo-idp.mjs dev|start")
  process.exit(2)
}

const root = fileURLToPath(new URL("../", import.meta.url))
const require = createRequire(import.meta.url)
// vite's `bin` entry of its package.json (its exports map does not list the file itself).
const viteBin = require.resolve("vite/package.json").replace(/package\.json$/, "bin/vite.js")

if (command === "start" && !existsSync(`${root}build/handler.js`)) {
  console.log("No build yet: running vite build (npm run build rebuilds after a change).")
  const built = spawnSync(process.execPath, [viteBin, "build"], { cwd: root, stdio: "inherit" })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const port = parsePort("PORT", process.env.PORT, 3000)
const appUrl = `http://localhost:${port}`
const idp = await startIdp({ port: parsePort("IDP_PORT", process.env.IDP_PORT, 3001), appUrl, authBasePath: "/auth" })
console.log(`Demo IdP (OpenID Provider) at ${idp.issuer}/, client "${idp.clientId}"`)
console.log(`Open the example at ${appUrl}/ (the Demo IdP sends you back there)`)

const env = {
  ...process.env,
  AUTH_DEMO_IDP_ISSUER: idp.issuer,
  AUTH_DEMO_IDP_ID: idp.clientId,
  AUTH_DEMO_IDP_SECRET: idp.clientSecret,
}
if (command === "start") {
  env.NODE_ENV = "production"
  env.PORT = String(port)
  env.HOST ??= "localhost"
  env.ORIGIN ??= appUrl
  if (!env.AUTH_SECRET) {
    env.AUTH_SECRET = randomBytes(33).toString("base64")
    console.log("AUTH_SECRET is not set: using a random secret for this run (sessions end when the server stops).")
  }
  // E-mail links are built from AUTH_URL only, never from a request's Host (in production Gatehouse refuses to send
  // them without it): the address the example is opened at, unless one is set.
  if (!env.AUTH_URL && !env.NEXTAUTH_URL) env.AUTH_URL = `${appUrl}/auth`
}

const app =
  command === "dev"
    ? spawn(process.execPath, [viteBin, "dev", "--port", String(port), "--strictPort", "--host", "localhost"], { cwd: root, stdio: "inherit", env })
    : spawn(process.execPath, [`${root}build/index.js`], { cwd: root, stdio: "inherit", env })

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => app.kill(signal))
}
app.on("exit", async (code, signal) => {
  await idp.close()
  process.exit(code ?? (signal ? 0 : 1))
})

function parsePort(name, value, fallback) {
  if (value === undefined || value === "") return fallback
  const number = Number(value)
  if (!Number.isInteger(number) || number < 0 || number > 65535) {
    console.error(`${name} must be an integer from 0 to 65535, not ${JSON.stringify(value)}.`)
    process.exit(1)
  }
  return number
}
