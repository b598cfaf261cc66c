/**
 * One app process of the two-process password test (pw-two-apps.test.ts), started twice on the same stores: per store,
 * a Gatehouse instance with `Password` (database sessions in the store's adapter, rate limits counted in the store).
 * Mails sent by this process are kept in memory and read back with `GET /__outbox`.
 */
import { Gatehouse, type AuthConfig } from "@gatehousejs/core"
import Password, { type PasswordMail } from "@gatehousejs/core/providers/password"
import { settled } from "../../src/passwords/mail-send.js"
import { openAdapter, openRateLimitStore, serveStores, type Store } from "../helpers/app-child.js"
import { SECRET } from "../helpers/auth.js"

const outbox: PasswordMail[] = []

function configFor(store: Store): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    adapter: openAdapter(store),
    session: { strategy: "database" },
    rateLimit: { store: openRateLimitStore(store), trustedProxies: ["127.0.0.1", "::1"] },
    providers: [Password({ sendMail: (mail) => void outbox.push(mail) })],
    logger: { error: (error) => void process.stderr.write(`[pw-app ${process.pid}] ${String(error)}\n`), warn: () => {}, debug: () => {} },
  }
}

await serveStores("pw", (store) => {
  const app = Gatehouse(configFor(store))
  return async (request) => {
    if (new URL(request.url).pathname === "/__outbox") {
      await settled()
      return Response.json(outbox)
    }
    return app.handlers.GET(request)
  }
})
