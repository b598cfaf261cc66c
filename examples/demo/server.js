/**
 * `npm start`: the demo on http://localhost:3000 and its Demo IdP on http://127.0.0.1:3001. Environment: PORT, HOST
 * (default 127.0.0.1), IDP_PORT (default 3001), DEMO_DB (the SQLite file, default examples/demo/data/gatehouse.sqlite),
 * TRUST_PROXY (Express's `trust proxy`), AUTH_SECRET (optional outside production), AUTH_URL (the links in sign-in
 * e-mails are built from it, and the demo answers for its host; default: the listening URL + `/auth`, unless
 * TRUST_PROXY is set, where the public URL is the proxy's and must be given), DEMO_IDP_REDIRECT_URIS (your own app's
 * callback URLs on loopback, which the Demo IdP then accepts too; its issuer, client id and secret are printed for
 * that app), DEMO_IDP_CLIENT_SECRET (a fixed client secret instead of a random one per start). Stops gracefully
 * on SIGINT / SIGTERM.
 */
import { start } from "./src/app.js"
import { ownAppOptionsFromEnv, printForOwnApp } from "./src/with-demo-idp.js"

const trustProxy = parseTrustProxy(process.env.TRUST_PROXY)
const { url, idp, database, close } = await start({
  port: parsePort("PORT", process.env.PORT, 3000),
  host: process.env.HOST || undefined,
  idp: {
    port: parsePort("IDP_PORT", process.env.IDP_PORT, 3001),
    ...ownAppOptionsFromEnv(), // DEMO_IDP_REDIRECT_URIS, DEMO_IDP_CLIENT_SECRET
  },
  database: process.env.DEMO_DB || undefined,
  trustProxy,
  // E-mail links are built from AUTH_URL only (never from a request's Host): the listening URL unless it is set.
  // Behind a proxy the listening URL is not the public one: set AUTH_URL to the public URL there.
  setAuthUrl: trustProxy === false,
}).catch(explainListenError)
console.log(`Gatehouse demo listening on ${url}/ (open it at this address: the Demo IdP sends you back there)`)
console.log(`Demo IdP (OpenID Provider) at ${idp.issuer}/, client "${idp.clientId}"`)
printForOwnApp(idp)
console.log(`E-mails (sign-in, confirm-your-address and password-reset links) go to the outbox: ${url}/outbox`)
console.log(`Database: ${database}`)

let stopping = false
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) {
      console.log(`${signal} again: exiting now.`)
      process.exit(1)
    }
    stopping = true
    console.log(`${signal}: finishing requests in flight, then exiting.`)
    close().then(
      () => process.exit(0),
      (error) => {
        console.error("Shutdown failed:", error)
        process.exit(1)
      },
    )
  })
}

/**
 * A taken port is the commonest first-run failure (most web developers have something on 3000): say which port and
 * how to pick another, in two lines, instead of a stack trace. Anything else is rethrown as it is.
 */
function explainListenError(error) {
  if (error?.code !== "EADDRINUSE" && error?.code !== "EACCES") throw error
  const [what, variable, example] = error.listener === "idp" ? ["The Demo IdP's port", "IDP_PORT", 3006] : ["Port", "PORT", 3005]
  const why = error.code === "EADDRINUSE" ? "is already in use by another program" : "may not be opened by this user"
  console.error(`${what} ${error.port} ${why}.`)
  console.error(`Choose another with ${variable}, e.g. ${variable}=${example} npm start`)
  process.exit(1)
}

function parsePort(name, value, fallback) {
  if (value === undefined || value === "") return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name} must be an integer from 0 to 65535, not ${JSON.stringify(value)}.`)
    process.exit(1)
  }
  return port
}

/** As Express accepts it: "true"/"false", a hop count, or a list of addresses and names such as "loopback". */
function parseTrustProxy(value) {
  if (value === undefined || value === "" || value === "false") return false
  if (value === "true") return true
  if (/^\d+$/.test(value)) return Number(value)
  return value
}
