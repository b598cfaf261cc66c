/**
 * `npm run dev` / `npm start` of the example: starts the Demo IdP (the demo's OpenID Provider,
 * `examples/demo/src/idp.js`) on loopback, then runs `next <dev|start>` with the IdP's issuer and client credentials in
 * the environment, where `auth.ts` reads them (`AUTH_DEMO_IDP_ISSUER`, `AUTH_DEMO_IDP_ID`, `AUTH_DEMO_IDP_SECRET`: the
 * `AUTH_{PROVIDER}_…` names Gatehouse infers for the provider id `demo-idp`). The IdP's client secret is random per
 * start, so the two must start together; `next dev` on its own runs the example without "Sign in with Demo IdP".
 *
 * Environment: PORT (default 3000), IDP_PORT (default 3001; 0: any free port), AUTH_SECRET, AUTH_URL (default
 * `http://localhost:<PORT>/api/auth`: e-mail links are built from it). The app must be opened at
 * `http://localhost:<PORT>`: the IdP registered that callback URL (and its 127.0.0.1 spelling). Without AUTH_SECRET,
 * `next dev` needs nothing from this script: Gatehouse keeps one development secret per project (in
 * `node_modules/.cache/gatehousejs/`), which every bundle of the app shares. `next start` is production, where
 * Gatehouse refuses to run without a secret (a deployment must set its own); so for `start` only, and only when
 * AUTH_SECRET is not set, this script makes up a random one for the run (and says so), so that `npm start` works on a
 * fresh clone, as the demo's does.
 * Stops both on SIGINT / SIGTERM, and the IdP when Next.js exits.
 *
 * @example
 * node scripts/with-demo-idp.mjs dev      # npm run dev
 * node scripts/with-demo-idp.mjs start    # npm start, after npm run build
 */
import { spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { createRequire } from "node:module"
import { startIdp } from "../../demo/src/idp.js"

const command = process.argv[2]
if (command !== "dev" && command !== "start") {
  console.error("Usage: node scripts/with-demo-idp.mjs dev|start")
  process.exit(2)
}

const port = parsePort("PORT", process.env.PORT, 3000)
const appUrl = `http://localhost:${port}`
const idp = await startIdp({ port: parsePort("IDP_PORT", process.env.IDP_PORT, 3001), appUrl, authBasePath: "/api/auth" })
console.log(`Demo IdP (OpenID Provider) at ${idp.issuer}/, client "${idp.clientId}"`)
console.log(`Open the example at ${appUrl}/ (the Demo IdP sends you back there)`)

// The .env files as Next.js reads them, so that an AUTH_SECRET in .env.local counts (Next.js never overrides a
// variable that is already set, so a made-up one here would hide it).
const require = createRequire(import.meta.url)
const { combinedEnv } = require("@next/env").loadEnvConfig(process.cwd(), command === "dev", { info: () => {}, error: console.error })
let secret = {}
if (command === "start" && !combinedEnv.AUTH_SECRET) {
  secret = { AUTH_SECRET: randomBytes(33).toString("base64") }
  console.log("AUTH_SECRET is not set: using a random secret for this run (sessions end when the server stops).")
}
// E-mail links are built from AUTH_URL only, never from a request's Host (and `next start` is production, where
// Gatehouse refuses to send them without it): the address the example is opened at, unless one is set.
const publicUrl = combinedEnv.AUTH_URL || combinedEnv.NEXTAUTH_URL ? {} : { AUTH_URL: `${appUrl}/api/auth` }

const nextBin = require.resolve("next/dist/bin/next")
const next = spawn(process.execPath, [nextBin, command, "--port", String(port), "--hostname", "localhost"], {
  stdio: "inherit",
  env: {
    ...process.env,
    ...secret,
    ...publicUrl,
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_DEMO_IDP_ISSUER: idp.issuer,
    AUTH_DEMO_IDP_ID: idp.clientId,
    AUTH_DEMO_IDP_SECRET: idp.clientSecret,
  },
})

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => next.kill(signal))
}
next.on("exit", async (code, signal) => {
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
