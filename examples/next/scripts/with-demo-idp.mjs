/**
 * `npm run dev` / `npm start` of the example: starts the Demo IdP (the demo's OpenID Provider,
 * `examples/demo/src/idp.js`) on loopback, then runs `next <dev|start>` with the IdP's issuer and client credentials in
 * the environment, where `auth.ts` reads them (`AUTH_DEMO_IDP_ISSUER`, `AUTH_DEMO_IDP_ID`, `AUTH_DEMO_IDP_SECRET`: the
 * `AUTH_{PROVIDER}_…` names Gatehouse infers for the provider id `demo-idp`). The IdP's client secret is random per
 * start, so the two must start together; `next dev` on its own runs the example without "Sign in with Demo IdP".
 * What every example's script does is in `examples/demo/src/with-demo-idp.js`; what is Next.js's is here. First it
 * puts alice and bob, the password users, in the database (scripts/demo-accounts.mjs).
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
import { createRequire } from "node:module"
import { publicUrlUnlessSet, scriptCommand, secretUnlessSet, startDemoIdpFor, stopTogether } from "../../demo/src/with-demo-idp.js"
import { seedDemoAccounts } from "./demo-accounts.mjs"

const command = scriptCommand()
await seedDemoAccounts()
const { port, appUrl, idp, idpEnv } = await startDemoIdpFor({ authBasePath: "/api/auth" })

// The .env files as Next.js reads them, so that an AUTH_SECRET or AUTH_URL in .env.local counts (Next.js never
// overrides a variable that is already set, so a made-up one here would hide it).
const require = createRequire(import.meta.url)
const { combinedEnv } = require("@next/env").loadEnvConfig(process.cwd(), command === "dev", { info: () => {}, error: console.error })

const nextBin = require.resolve("next/dist/bin/next")
const next = spawn(process.execPath, [nextBin, command, "--port", String(port), "--hostname", "localhost"], {
  stdio: "inherit",
  env: {
    ...process.env,
    ...(command === "start" ? secretUnlessSet(combinedEnv) : {}),
    ...publicUrlUnlessSet(combinedEnv, `${appUrl}/api/auth`),
    NEXT_TELEMETRY_DISABLED: "1",
    ...idpEnv,
  },
})
stopTogether(next, idp)
