/**
 * One app process of the RT-10 test (rt-10-two-processes.test.ts), started twice on the same stores: Gatehouse over
 * `node:http`, one loopback port per store (SQLite file, PostgreSQL schema, Redis prefix, as the parent says), each
 * instance with a magic-link provider that records its links, the Passkey provider, and the parent's OpenID Provider.
 * `AUTH_URL` (https://app.example/auth) is the public URL, so both processes build the same callback and link URLs.
 *
 * Test-only route, never part of an app: `GET /__rt10/outbox` answers the links this process has sent.
 * Ready: one IPC message `{ ports: { <store>: port } }` (serveStores, ../helpers/app-child.ts).
 */
import { Auth, type AuthConfig } from "@gatehousejs/core"
import { Email } from "@gatehousejs/core/providers"
import Passkey from "@gatehousejs/core/providers/passkey"
import { openAdapter, serveStores, type Store } from "../helpers/app-child.js"
import { SECRET } from "../helpers/auth.js"

const env = process.env
const outbox: string[] = []

function configFor(store: Store): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    adapter: openAdapter(store),
    experimental: { enableWebAuthn: true },
    providers: [
      Email({ sendVerificationRequest: ({ url }) => void outbox.push(url) }),
      Passkey,
      {
        id: "op",
        name: "Test OP",
        type: "oidc",
        issuer: env.RT10_OP_ISSUER!,
        clientId: env.RT10_OP_CLIENT_ID!,
        clientSecret: env.RT10_OP_CLIENT_SECRET!,
        checks: ["pkce", "state", "nonce"],
      },
    ],
    // Refusals are expected here; the parent shows this output only when a process fails to start.
    logger: { error: (error) => void process.stderr.write(`[rt-10 ${process.pid}] ${String(error)}\n`), warn: () => {}, debug: () => {} },
  }
}

await serveStores("rt-10", (store) => {
  const config = configFor(store)
  return async (request) => (new URL(request.url).pathname === "/__rt10/outbox" ? Response.json(outbox) : Auth(request, config))
})
