/**
 * One app process of the TR-01/TR-02 test (tr-01-two-apps.test.ts), started twice on the same stores: the core
 * `Gatehouse()` over `node:http`, one loopback port per store (a SQLite file, a PostgreSQL schema, a Redis prefix, as
 * the parent says), each instance with the parent's OpenID Provider (provider id "op", its values in `TR01_OP_PROVIDER`
 * as JSON), database sessions, and the store's adapter. `AUTH_URL` (https://app.example/auth) is the public URL, so
 * both processes build the same callback URL and cookie names.
 *
 * Test-only route, never part of an app: `GET /__token?minValidity=N` answers
 * `JSON.stringify(await gatehouse.getAccessToken(request, "op", { minValidity: N }))` — the token, or `null`.
 * Every `tokenRefreshFailed` event is printed as one line `tokenRefreshFailed {json}` on stdout for the parent.
 * Ready: one IPC message `{ ports: { <store>: port } }` (serveStores, ../helpers/app-child.ts).
 */
import { Gatehouse, type AuthConfig, type OIDCConfig } from "@gatehousejs/core"
import { openAdapter, serveStores, type Store } from "../helpers/app-child.js"
import { SECRET } from "../helpers/auth.js"

const tag = `[tr-01 ${process.pid}]`

function configFor(store: Store): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    adapter: openAdapter(store),
    session: { strategy: "database" },
    providers: [JSON.parse(process.env.TR01_OP_PROVIDER!) as OIDCConfig],
    events: {
      tokenRefreshFailed: (message) => void process.stdout.write(`${tag} tokenRefreshFailed ${JSON.stringify(message)}\n`),
    },
    // A refused refresh is a warning here (TR-02 expects it); everything is printed for the parent's failure messages.
    logger: {
      error: (error) => void process.stderr.write(`${tag} error ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
      warn: (code, message) => void process.stdout.write(`${tag} warn ${code} ${message ?? ""}\n`),
      debug: () => {},
    },
  }
}

await serveStores("tr-01", (store) => {
  const gatehouse = Gatehouse(configFor(store))
  return async (request) => {
    const url = new URL(request.url)
    if (url.pathname === "/__token") {
      const minValidity = Number(url.searchParams.get("minValidity") ?? "60")
      return Response.json(await gatehouse.getAccessToken(request, "op", { minValidity }))
    }
    return request.method === "POST" ? gatehouse.handlers.POST(request) : gatehouse.handlers.GET(request)
  }
})
