/**
 * What the other examples' `npm run dev` / `npm start` scripts (`examples/<name>/scripts/with-demo-idp.mjs`) share:
 * read the command (`dev` or `start`), start the Demo IdP (`idp.js`) on loopback for the app at
 * `http://localhost:<PORT>`, hand its issuer and client credentials to the app in the variables Gatehouse reads for the
 * provider id `demo-idp` (`AUTH_DEMO_IDP_ISSUER`, `_ID`, `_SECRET`), and stop the two together. The IdP's client
 * secret is random per start, which is why the app and the IdP start together. How the app itself starts (`next
 * start`, `node build`, …) stays in each example's script, where a reader of that example looks for it.
 *
 * Environment: PORT (default 3000), IDP_PORT (default 3001; 0: any free port).
 *
 * @example
 * const command = scriptCommand()
 * const { appUrl, idp, idpEnv } = await startDemoIdpFor({ authBasePath: "/api/auth" })
 * const app = spawn(process.execPath, [bin, command], { env: { ...process.env, ...idpEnv } })
 * stopTogether(app, idp)
 */
import { randomBytes } from "node:crypto"
import { startIdp } from "./idp.js"

/** The script's argument, `dev` or `start`; anything else ends the process with its usage (exit 2). */
export function scriptCommand() {
  const command = process.argv[2]
  if (command !== "dev" && command !== "start") {
    console.error("Usage: node scripts/with-demo-idp.mjs dev|start")
    process.exit(2)
  }
  return command
}

/**
 * Starts the Demo IdP for the app on PORT whose Gatehouse endpoints are under `authBasePath` (the IdP registers
 * `<appUrl><authBasePath>/callback/demo-idp`, so the app must be opened at `appUrl`), and says where both are.
 * Resolves to `{ port, appUrl, idp, idpEnv }`: `idpEnv` holds the `AUTH_DEMO_IDP_*` variables for the app.
 */
export async function startDemoIdpFor({ authBasePath }) {
  const port = parsePort("PORT", process.env.PORT, 3000)
  const appUrl = `http://localhost:${port}`
  const idp = await startIdp({ port: parsePort("IDP_PORT", process.env.IDP_PORT, 3001), appUrl, authBasePath })
  // e2e/harness.mjs reads the issuer from this line: keep its wording.
  console.log(`Demo IdP (OpenID Provider) at ${idp.issuer}/, client "${idp.clientId}"`)
  console.log(`Open the example at ${appUrl}/ (the Demo IdP sends you back there)`)
  const idpEnv = { AUTH_DEMO_IDP_ISSUER: idp.issuer, AUTH_DEMO_IDP_ID: idp.clientId, AUTH_DEMO_IDP_SECRET: idp.clientSecret }
  return { port, appUrl, idp, idpEnv }
}

/**
 * `{ AUTH_SECRET }` with a random secret for this run when `appEnv` (the environment as the app will read it) has none,
 * else `{}`. In production Gatehouse refuses to run without a secret (a deployment must set its own); this lets
 * `npm start` work on a fresh clone, as the demo's does, and says so.
 */
export function secretUnlessSet(appEnv) {
  if (appEnv.AUTH_SECRET) return {}
  console.log("AUTH_SECRET is not set: using a random secret for this run (sessions end when the server stops).")
  return { AUTH_SECRET: randomBytes(33).toString("base64") }
}

/**
 * `{ AUTH_URL: authUrl }` when `appEnv` sets neither AUTH_URL nor NEXTAUTH_URL, else `{}`. E-mail links are built from
 * AUTH_URL only, never from a request's Host (and in production Gatehouse refuses to send them without it): the
 * address the example is opened at, unless one is set.
 */
export function publicUrlUnlessSet(appEnv, authUrl) {
  return appEnv.AUTH_URL || appEnv.NEXTAUTH_URL ? {} : { AUTH_URL: authUrl }
}

/** Passes SIGINT / SIGTERM on to the app, and stops the IdP and this process (with the app's exit code) when it exits. */
export function stopTogether(app, idp) {
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => app.kill(signal))
  }
  app.on("exit", async (code, signal) => {
    await idp.close()
    process.exit(code ?? (signal ? 0 : 1))
  })
}

/**
 * The port in the environment variable `name` (its `value`), or `fallback` when unset; anything but an integer from 0
 * to 65535 ends the process with a message naming the variable (exit 1).
 */
export function parsePort(name, value, fallback) {
  if (value === undefined || value === "") return fallback
  const number = Number(value)
  if (!Number.isInteger(number) || number < 0 || number > 65535) {
    console.error(`${name} must be an integer from 0 to 65535, not ${JSON.stringify(value)}.`)
    process.exit(1)
  }
  return number
}
