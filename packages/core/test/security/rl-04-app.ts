/**
 * One app process of the RL-04 test (rl-04-two-apps.test.ts), started twice on the same rate-limit stores: Gatehouse
 * over `node:http`, one loopback port per store (a SQLite file, a PostgreSQL schema, a Redis prefix, as the parent
 * says), each instance with the test helpers' credentials provider (user "alice", a wrong password is `null`), JWT
 * sessions, and `rateLimit: { store }` on that store. `AUTH_URL` (https://app.example/auth) is the public URL, so both
 * processes build the same URLs and cookies.
 *
 * The server does not tell Gatehouse the connection's address, so per-client budgets are off (as in an integration
 * that does not call `withPeerAddress`) and only the per-identifier budget counts: the one RL-04 is about.
 * Ready: one IPC message `{ ports: { <store>: port } }` (serveStores, ../helpers/app-child.ts).
 */
import { Auth, type AuthConfig } from "@gatehousejs/core"
import { openRateLimitStore, serveStores, type Store } from "../helpers/app-child.js"
import { credentialsProvider, SECRET } from "../helpers/auth.js"

function configFor(store: Store): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    session: { strategy: "jwt" },
    providers: [credentialsProvider()],
    // On SQLite the store creates its table in the file on first use, so two processes may race to do it: part of the test.
    rateLimit: { store: openRateLimitStore(store) },
    // Wrong passwords and refusals are expected (warnings); an error is a failure the parent reports with this output.
    logger: { error: (error) => void process.stderr.write(`[rl-04 ${process.pid}] ${String(error)}\n`), warn: () => {}, debug: () => {} },
  }
}

await serveStores("rl-04", (store) => {
  const config = configFor(store)
  return (request) => Auth(request, config)
})
