/**
 * `npm run dev` / `npm start` of the example: starts the Demo IdP (the demo's OpenID Provider,
 * `examples/demo/src/idp.js`) on loopback, then the app — `vite dev`, or the adapter-node server (`node build`, built
 * first by `vite build` when there is no build yet) — with the IdP's issuer and client credentials in the
 * environment (`AUTH_DEMO_IDP_ISSUER`, `_ID`, `_SECRET`: the variables Gatehouse reads for the provider id `demo-idp`).
 * The IdP's client secret is random per start, so the two start together. What every example's script does is in
 * `examples/demo/src/with-demo-idp.js`; what is SvelteKit's is here.
 *
 * Environment: PORT (default 3000), IDP_PORT (default 3001; 0: any free port), AUTH_SECRET, AUTH_URL (default
 * `http://localhost:<PORT>/auth`: e-mail links are built from it), EXAMPLE_DB. The app must be opened at
 * `http://localhost:<PORT>`: the IdP registered that callback URL. `start` runs in production (`NODE_ENV=production`),
 * where Gatehouse refuses to run without a secret: when AUTH_SECRET is not set, this script makes up a random one for
 * the run (and says so). adapter-node is told the public origin (`ORIGIN`), which it would otherwise guess as https.
 * Stops both on SIGINT / SIGTERM, and the IdP when the app exits.
 */
import { spawn, spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"
import { publicUrlUnlessSet, scriptCommand, secretUnlessSet, startDemoIdpFor, stopTogether } from "../../demo/src/with-demo-idp.js"

const command = scriptCommand()

const root = fileURLToPath(new URL("../", import.meta.url))
const require = createRequire(import.meta.url)
// vite's `bin` entry of its package.json (its exports map does not list the file itself).
const viteBin = require.resolve("vite/package.json").replace(/package\.json$/, "bin/vite.js")

if (command === "start" && !existsSync(`${root}build/handler.js`)) {
  console.log("No build yet: running vite build (npm run build rebuilds after a change).")
  const built = spawnSync(process.execPath, [viteBin, "build"], { cwd: root, stdio: "inherit" })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const { port, appUrl, idp, idpEnv } = await startDemoIdpFor({ authBasePath: "/auth" })

const env = { ...process.env, ...idpEnv }
if (command === "start") {
  env.NODE_ENV = "production"
  env.PORT = String(port)
  env.HOST ??= "localhost"
  env.ORIGIN ??= appUrl
  Object.assign(env, secretUnlessSet(env), publicUrlUnlessSet(env, `${appUrl}/auth`))
}

const app =
  command === "dev"
    ? spawn(process.execPath, [viteBin, "dev", "--port", String(port), "--strictPort", "--host", "localhost"], { cwd: root, stdio: "inherit", env })
    : spawn(process.execPath, [`${root}build/index.js`], { cwd: root, stdio: "inherit", env })
stopTogether(app, idp)
