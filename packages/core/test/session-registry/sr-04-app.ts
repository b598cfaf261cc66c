/**
 * One app process of the SR-04 test (sr-04-two-apps.test.ts), started twice on the same stores: per store, two
 * Gatehouse instances — database sessions in the adapter, and JWT sessions recorded in the store's `sessionStore`
 * (`revocationCacheMaxAge: 1`) — chosen by the request's `x-strategy` header. `POST /__revoke-user?userId=…` is the
 * admin call: `revokeUserSessions(userId)` on this process. Credentials sign in `<username>@example.com` (created in
 * the adapter for database sessions; `id-<username>` for JWT ones).
 */
import { Gatehouse, type Adapter, type AuthConfig } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import { openAdapter, openSessionStore, serveStores, type Store } from "../helpers/app-child.js"
import { SECRET } from "../helpers/auth.js"

function configFor(strategy: "database" | "jwt", store: Store): AuthConfig {
  const adapter: Adapter | undefined = strategy === "database" ? openAdapter(store) : undefined
  return {
    secret: SECRET,
    trustHost: true,
    rateLimit: false,
    ...(adapter ? { adapter } : { sessionStore: openSessionStore(store) }),
    session: { strategy, revocationCacheMaxAge: 1 },
    providers: [
      Credentials({
        credentials: { username: {} },
        authorize: async ({ username }) => {
          const email = `${String(username)}@example.com`
          if (!adapter) return { id: `id-${String(username)}`, email }
          return (await adapter.getUserByEmail!(email)) ?? (await adapter.createUser!({ id: crypto.randomUUID(), email, emailVerified: null }))
        },
      }),
    ],
    logger: { error: (error) => void process.stderr.write(`[sr-04 ${process.pid}] ${String(error)}\n`), warn: () => {}, debug: () => {} },
  }
}

await serveStores("sr-04", (store) => {
  const apps = { database: Gatehouse(configFor("database", store)), jwt: Gatehouse(configFor("jwt", store)) }
  return async (request) => {
    const app = apps[request.headers.get("x-strategy") === "jwt" ? "jwt" : "database"]
    const url = new URL(request.url)
    if (url.pathname === "/__revoke-user") return Response.json({ revoked: await app.revokeUserSessions(url.searchParams.get("userId") ?? "") })
    return app.handlers.GET(request)
  }
})
