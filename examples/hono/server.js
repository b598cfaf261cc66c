/**
 * `npm start`: the Hono example on http://localhost:3000 and the Demo IdP on http://127.0.0.1:3001. Environment:
 * PORT, HOST (default 127.0.0.1), IDP_PORT (default 3001), EXAMPLE_DB (the SQLite file, default
 * examples/hono/data/gatehouse.sqlite), AUTH_SECRET (optional outside production), AUTH_URL (default: the listening
 * URL + `/api/auth`; e-mail links are built from it). Stops on SIGINT / SIGTERM.
 */
import { start } from "./src/app.js"

const { url, idp, database, close } = await start({
  port: parsePort("PORT", process.env.PORT, 3000),
  host: process.env.HOST || undefined,
  idp: { port: parsePort("IDP_PORT", process.env.IDP_PORT, 3001) },
  database: process.env.EXAMPLE_DB || undefined,
  setAuthUrl: true,
}).catch((error) => {
  if (error?.code !== "EADDRINUSE") throw error
  console.error(`Port ${error.port} is already in use. Choose others with PORT and IDP_PORT, e.g. PORT=3005 IDP_PORT=3006 npm start`)
  process.exit(1)
})
console.log(`Gatehouse on Hono listening on ${url}/ (open it at this address: the Demo IdP sends you back there)`)
console.log(`Demo IdP (OpenID Provider) at ${idp.issuer}/, client "${idp.clientId}"`)
console.log(`E-mail sign-in links go to the outbox: ${url}/outbox`)
console.log(`Database: ${database}`)

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    close().then(
      () => process.exit(0),
      (error) => {
        console.error("Shutdown failed:", error)
        process.exit(1)
      },
    )
  })
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
