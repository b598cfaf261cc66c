/**
 * What the other examples' `npm run dev` / `npm start` scripts (`examples/<name>/scripts/with-demo-idp.mjs`) share:
 * read the command (`dev` or `start`), start the Demo IdP (`idp.js`) on loopback for the app at
 * `http://localhost:<PORT>`, hand its issuer and client credentials to the app in the variables Gatehouse reads for the
 * provider id `demo-idp` (`AUTH_DEMO_IDP_ISSUER`, `_ID`, `_SECRET`), and stop the two together. The IdP's client
 * secret is random per start, which is why the app and the IdP start together. How the app itself starts (`next
 * start`, `node build`, …) stays in each example's script, where a reader of that example looks for it.
 *
 * Environment: PORT (default 3000), IDP_PORT (default 3001; 0: any free port), DEMO_IDP_REDIRECT_URIS and
 * DEMO_IDP_CLIENT_SECRET (your own app on the same IdP: `ownAppOptionsFromEnv`).
 *
 * @example
 * const command = scriptCommand()
 * const { appUrl, idp, idpEnv } = await startDemoIdpFor({ authBasePath: "/api/auth" })
 * const app = spawn(process.execPath, [bin, command], { env: { ...process.env, ...idpEnv } })
 * stopTogether(app, idp)
 */
import { randomBytes } from "node:crypto"
import { redirectUrisFromEnv, startIdp } from "./idp.js"

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
  const idp = await startIdp({ port: parsePort("IDP_PORT", process.env.IDP_PORT, 3001), appUrl, authBasePath, ...ownAppOptionsFromEnv() })
  // e2e/harness.mjs reads the issuer from this line: keep its wording.
  console.log(`Demo IdP (OpenID Provider) at ${idp.issuer}/, client "${idp.clientId}"`)
  printForOwnApp(idp)
  console.log(`Open the example at ${appUrl}/ (the Demo IdP sends you back there)`)
  const idpEnv = { AUTH_DEMO_IDP_ISSUER: idp.issuer, AUTH_DEMO_IDP_ID: idp.clientId, AUTH_DEMO_IDP_SECRET: idp.clientSecret }
  return { port, appUrl, idp, idpEnv }
}

/**
 * Your own app on the Demo IdP, from the environment: `extraRedirectUris` from DEMO_IDP_REDIRECT_URIS (its callback
 * URLs, exact and on loopback: `redirectUrisFromEnv` in idp.js) and `clientSecret` from DEMO_IDP_CLIENT_SECRET (16
 * characters or more; default a random secret per start). A wrong value ends the process with what is wrong (exit 1).
 */
export function ownAppOptionsFromEnv(env = process.env) {
  try {
    const clientSecret = env.DEMO_IDP_CLIENT_SECRET || undefined
    if (clientSecret !== undefined && clientSecret.length < 16) {
      throw new TypeError("DEMO_IDP_CLIENT_SECRET must be 16 characters or more (e.g. openssl rand -base64 24).")
    }
    return { extraRedirectUris: redirectUrisFromEnv(env.DEMO_IDP_REDIRECT_URIS), clientSecret }
  } catch (error) {
    console.error(error.message)
    process.exit(1)
  }
}

/**
 * What your own app needs to sign in through the Demo IdP, once DEMO_IDP_REDIRECT_URIS registered its callback URL:
 * the issuer, client id and client secret as the variables Gatehouse reads for a provider with the id `demo-idp`, and
 * the redirect URIs accepted. Without DEMO_IDP_REDIRECT_URIS, one line saying how; the secret is not printed then (no
 * other app could use it).
 */
export function printForOwnApp(idp) {
  if (idp.extraRedirectUris.length === 0) {
    console.log("Your own app can sign in through the Demo IdP too: start with DEMO_IDP_REDIRECT_URIS=<its callback URL> (see the demo's README).")
    return
  }
  console.log('For your own app, with the provider { id: "demo-idp", name: "Demo IdP", type: "oidc" }, in its .env:')
  console.log(`  AUTH_DEMO_IDP_ISSUER=${idp.issuer}`)
  console.log(`  AUTH_DEMO_IDP_ID=${idp.clientId}`)
  console.log(`  AUTH_DEMO_IDP_SECRET=${idp.clientSecret}`)
  console.log(`  The Demo IdP accepts these redirect URIs for it: ${idp.extraRedirectUris.join(" ")}`)
  if (!process.env.DEMO_IDP_CLIENT_SECRET) console.log("  The secret changes at every start; set DEMO_IDP_CLIENT_SECRET to keep one.")
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
