/**
 * The example app: `createApp(options)` builds the Hono app, `start(options)` opens the database, serves the app on
 * Node.js with `@hono/node-server`, starts the Demo IdP, and returns a `close()` that stops all three. `server.js`
 * reads the environment and calls `start`; the tests call it with ephemeral ports and a temporary database.
 *
 * The demo's modules are reused as they are: the Demo IdP (examples/demo/src/idp.js), the outbox, the user directory
 * and the SQLite set-up. What is Hono's is here: the middleware of `@gatehousejs/hono` wired as `@hono/auth-js`'s
 * README wires it, and server-rendered pages (pages.js).
 */
import { serve } from "@hono/node-server"
import { authHandler, getAuthUser, initAuthConfig, verifyAuth } from "@gatehousejs/hono"
import { Hono } from "hono"
import { HTTPException } from "hono/http-exception"
import { openDatabase } from "../../demo/src/database.js"
import { allowedHosts } from "../../demo/src/host-guard.js"
import { IDP_ACCOUNTS, startIdp } from "../../demo/src/idp.js"
import { createOutbox } from "../../demo/src/outbox.js"
import { createUserDirectory, DEMO_USERS, ensureDemoUsers } from "../../demo/src/users.js"
import { AUTH_BASE_PATH, authConfig, CHECK_EMAIL_PATH } from "./auth.js"
import { checkEmailPage, errorPage, homePage, outboxPage, pageHeaders, privatePage, stylesheet } from "./pages.js"

export const DEFAULT_DATABASE = new URL("../data/gatehouse.sqlite", import.meta.url).pathname

/**
 * Builds the app around an open `adapter` (its users must include the demo users: `ensureDemoUsers`), the running
 * Demo IdP (`idp`, from `startIdp`; without it, no "Sign in with Demo IdP") and the `Host` values it answers for
 * (`hosts`; every host when absent). For tests: `passwordLogCost` (log2 of scrypt's N) and `logger`.
 */
export function createApp({ adapter, idp, hosts, passwordLogCost, logger } = {}) {
  const users = createUserDirectory({ logCost: passwordLogCost })
  const outbox = createOutbox()
  const config = authConfig({ adapter, users, outbox, idp, logger })
  const app = new Hono()

  // DNS rebinding (RT-04): a page of another site resolving its name to 127.0.0.1 would read the outbox as its own.
  if (hosts) {
    app.use("*", async (c, next) => {
      if (!hosts.has((c.req.header("host") ?? "").toLowerCase())) return c.text("Misdirected Request: this server answers only for its own host names.\n", 421)
      await next()
    })
  }
  app.use("*", initAuthConfig(() => config))
  app.use(`${AUTH_BASE_PATH}/*`, authHandler())

  // `@hono/auth-js`'s protected API: 401 signed out, `c.get("authUser")` signed in.
  app.use("/api/*", verifyAuth())
  app.get("/api/me", (c) => c.json(c.get("authUser")))

  app.get("/", async (c) => {
    const authUser = await getAuthUser(c)
    return page(c, homePage({ authUser, users: DEMO_USERS, idpAccounts: idp ? IDP_ACCOUNTS : [] }))
  })

  // A protected page: signed out, to the sign-in page and back here afterwards.
  app.get("/private", async (c) => {
    const authUser = await getAuthUser(c)
    if (!authUser) return c.redirect(`${AUTH_BASE_PATH}/signin?${new URLSearchParams({ callbackUrl: c.req.url })}`)
    return page(c, privatePage({ authUser }))
  })

  app.get(CHECK_EMAIL_PATH, (c) => page(c, checkEmailPage()))
  app.get("/outbox", (c) => page(c, outboxPage({ messages: outbox.list() })))
  app.get("/style.css", (c) => c.body(stylesheet, 200, { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "no-cache" }))

  app.notFound((c) => page(c, errorPage({ status: 404, message: "Page not found" }), 404))
  app.onError((error, c) => {
    // verifyAuth()'s 401 (and any other HTTPException) is an answer, not a failure.
    if (error instanceof HTTPException) return error.getResponse()
    console.error("[hono-example] Unhandled error:", error)
    return page(c, errorPage({ status: 500, message: "Something went wrong" }), 500)
  })
  return app
}

function page(c, body, status = 200) {
  return c.html(body, status, pageHeaders)
}

/**
 * Starts the app on `port` (0: any free port) and `host` (default loopback only: the demo passwords are public, and
 * the outbox holds everyone's sign-in links), the Demo IdP on loopback unless `idp` is `false` (`idp: { port }`,
 * default 3001), and the SQLite database `database` (created if missing). Resolves with `{ url, idp, database, close }`.
 *
 * The port is bound first, so that the IdP registers the exact callback URL (`<url>/api/auth/callback/demo-idp`);
 * the app answers 503 until the IdP is up. `setAuthUrl: true` (server.js) sets `AUTH_URL` to `<url>/api/auth` when
 * the environment has none, so that e-mail links are built from the listening URL, never from a request's `Host`.
 *
 * @example
 * const { url, close } = await start({ port: 0, idp: { port: 0 }, database: ":memory:" })
 */
export async function start({ port = 3000, host = "127.0.0.1", idp: idpOptions = {}, database = DEFAULT_DATABASE, setAuthUrl = false, ...options } = {}) {
  const { adapter, path } = openDatabase(database)
  try {
    await ensureDemoUsers(adapter)
  } catch (error) {
    adapter.close()
    throw error
  }

  let app = { fetch: () => new Response(null, { status: 503 }) }
  const server = await new Promise((resolve, reject) => {
    const listening = serve({ fetch: (request, env) => app.fetch(request, env), port, hostname: host }, () => resolve(listening))
    listening.once("error", reject)
  }).catch((error) => {
    adapter.close()
    throw error
  })
  const address = server.address()
  const url = `http://localhost:${address.port}`
  if (setAuthUrl && !process.env.AUTH_URL && !process.env.NEXTAUTH_URL) process.env.AUTH_URL = `${url}${AUTH_BASE_PATH}`

  let idp
  try {
    if (idpOptions !== false) idp = await startIdp({ ...idpOptions, appUrl: url, authBasePath: AUTH_BASE_PATH })
  } catch (error) {
    await new Promise((resolve) => server.close(resolve))
    adapter.close()
    throw error
  }
  const hosts = allowedHosts({ port: address.port, publicUrl: process.env.AUTH_URL || process.env.NEXTAUTH_URL })
  app = createApp({ ...options, adapter, idp, hosts })

  const close = async () => {
    try {
      await new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections?.()
      })
      await idp?.close()
    } finally {
      adapter.close()
    }
  }
  return { url, idp, database: path, close }
}
