/**
 * The demo app: `createApp(options)` builds the Express app around an open database, `start(options)` opens the
 * database, starts the Demo IdP and the app, and returns a `close()` that stops all three. `server.js` reads the
 * environment and calls `start`; tests call it with ephemeral ports and a temporary database.
 */
import { createServer } from "node:http"
import { RequestRefused } from "@gatehousejs/express"
import express from "express"
import { DEMO_ACCOUNTS, ensureDemoAccounts } from "./accounts.js"
import { AUTH_BASE_PATH, CHECK_EMAIL_PATH, createAuth, DEMO_IDP_ID } from "./auth.js"
import { DEFAULT_DATABASE, openDatabase } from "./database.js"
import { allowedHosts, refuseForeignHost } from "./host-guard.js"
import { IDP_ACCOUNTS, startIdp } from "./idp.js"
import { callHelloApi } from "./idp-api.js"
import { createOutbox } from "./outbox.js"
import { checkEmailPage, errorPage, homePage, mailHeaders, outboxPage, pageHeaders, privatePage } from "./pages.js"
import { tokensPage, tokensPageHeaders, tokensUnavailablePage } from "./tokens-page.js"

/**
 * The `/tokens` page refreshes the Demo IdP's access token once it has this many seconds or less left: the time the
 * API call may take, with room to spare (a real app picks its API's worst latency, or Gatehouse's default 60 s).
 */
const TOKEN_MIN_VALIDITY = 10

/**
 * Builds the app: Gatehouse under `/auth`, the home page `/`, the protected page `/private`, the page `/tokens` (the
 * Demo IdP access token and the IdP's API called with it), the outbox `/outbox` (the e-mails the demo "sent") and
 * `/check-email`, where an e-mail sign-in lands.
 *
 * Options: `adapter`, the SQLite adapter (required; its users should include alice and bob, see `ensureDemoAccounts`);
 * `trustProxy` (Express's `trust proxy` setting, default `false`); `idp`, the running Demo IdP
 * (`{ issuer, clientId, clientSecret, apiUrl, accessTokenTtl }` from `startIdp`; without it, no "Sign in with Demo
 * IdP"); for tests, `secret` and `logger` (default: `AUTH_SECRET` and the console).
 *
 * @example
 * const { adapter } = openDatabase()
 * await ensureDemoAccounts(adapter)
 * const app = createApp({ adapter, trustProxy: "loopback" })
 */
export function createApp({ adapter, trustProxy = false, idp, secret, logger } = {}) {
  if (!adapter) throw new TypeError("createApp needs the database adapter (see openDatabase in database.js).")
  const outbox = createOutbox()
  const { handlers, sessionMiddleware, signIn, getCsrfToken, getAccessToken } = createAuth({ adapter, outbox, idp, secret, logger })
  const signInUrl = `${AUTH_BASE_PATH}/signin?${new URLSearchParams({ callbackUrl: "/" })}`
  const signUpUrl = `${AUTH_BASE_PATH}/signup?${new URLSearchParams({ callbackUrl: "/" })}`

  const app = express()
  app.disable("x-powered-by")
  app.set("trust proxy", trustProxy)

  // The auth endpoints first: they read the raw body, which a body parser mounted earlier would have consumed. The
  // mount point is the base path: /auth/signin, /auth/callback/credentials, …
  app.use(AUTH_BASE_PATH, handlers)

  // Every page below knows the session: `res.locals.session`, null when signed out. (A request whose Host header is
  // not a plain host is answered 400 here: the pages would otherwise link to wherever it points.)
  app.use(sessionMiddleware)

  app.get("/", async (req, res) => {
    const { session } = res.locals
    if (!session) {
      return sendPage(res, homePage({ session, accounts: DEMO_ACCOUNTS, idpAccounts: idp ? IDP_ACCOUNTS : [], signInUrl, signUpUrl }))
    }
    // The sign-out form posts to /auth/signout, which wants the CSRF token (and its cookie, minted here if missing).
    const csrfToken = await getCsrfToken(req, res)
    sendPage(res, homePage({ session, signOutUrl: `${AUTH_BASE_PATH}/signout`, csrfToken }))
  })

  app.get("/private", async (req, res) => {
    const { session } = res.locals
    if (session) return sendPage(res, privatePage({ session }))
    // Signed out: to the sign-in page, and back to this page afterwards. `req.protocol` and `req.host` follow
    // `trust proxy`, as the URLs Gatehouse builds do.
    await signIn(req, res, undefined, { redirectTo: `${req.protocol}://${req.host}${req.originalUrl}` })
  })

  // The Demo IdP's access token, refreshed by Gatehouse when it is about to expire, and the IdP's API called with it
  // (tokens-page.js). Without a token (signed out, not linked, refresh refused) a page that says so: never a 500.
  app.get("/tokens", async (req, res) => {
    if (!idp) return sendPage(res, tokensUnavailablePage({ reason: "no-idp" }))
    if (!res.locals.session) {
      const signInToTokens = `${AUTH_BASE_PATH}/signin?${new URLSearchParams({ callbackUrl: "/tokens" })}`
      return sendPage(res, tokensUnavailablePage({ reason: "signed-out", signInUrl: signInToTokens }))
    }
    const token = await getAccessToken(req, res, DEMO_IDP_ID, { minValidity: TOKEN_MIN_VALIDITY })
    if (!token) return sendPage(res, tokensUnavailablePage({ reason: "no-token" }))
    const answer = await callHelloApi(idp.apiUrl, token.accessToken)
    res.set(tokensPageHeaders).send(tokensPage({ token, answer, minValidity: TOKEN_MIN_VALIDITY, accessTokenTtl: idp.accessTokenTtl, apiUrl: idp.apiUrl }))
  })

  // Where Gatehouse sends the browser once a link is "sent" (`pages.verifyRequest`): a sign-in link, or after a sign-up
  // (`?purpose=verify-email`) the link confirming the address.
  app.get(CHECK_EMAIL_PATH, (req, res) => {
    res.set(pageHeaders).send(checkEmailPage({ purpose: req.query.purpose }))
  })

  // The demo's mail: every message whose link has not expired, to any address (see outbox.js).
  app.get("/outbox", (req, res) => {
    res.set(pageHeaders).send(outboxPage({ messages: outbox.list(), signInUrl, signUpUrl }))
  })

  // One message's HTML part, as a mail client would show it (sandboxed).
  app.get("/outbox/:id", (req, res) => {
    const message = outbox.get(req.params.id)
    if (!message) return sendErrorPage(res, 404, "No such message (its link may have expired)")
    res.set(mailHeaders).send(message.html)
  })

  app.use((req, res) => sendErrorPage(res, 404, "Page not found"))
  app.use((error, req, res, next) => {
    // Mid-response (a client gone during streaming): Express's default handler closes the connection.
    if (res.headersSent) return next(error)
    if (error instanceof RequestRefused) return sendErrorPage(res, error.status, error.message)
    console.error("[demo] Unhandled error:", error)
    sendErrorPage(res, 500, "Something went wrong")
  })
  return app
}

/**
 * Starts the app on `port` (0: any free port) and `host` (default loopback only: the demo passwords are public, and
 * the outbox holds everyone's sign-in links), with the Demo IdP on loopback unless `idp` is `false`
 * (`idp: { port }`, default 3001; 0: any free port), and the SQLite database `database` (a file, default
 * `examples/demo/data/gatehouse.sqlite`, created if missing; `":memory:"` for one that ends with the process).
 * Resolves once both listen, with `{ app, server, url, idp, adapter, database, close }` (`database`: the file's
 * absolute path); `close()` stops both and closes the database.
 *
 * The database is opened first, and alice and bob created in it if missing (accounts.js). Then the app's port is bound, so that
 * the IdP registers the exact callback URL (`<url>/auth/callback/demo-idp`); then the IdP starts, and only then does
 * the app answer (503 until then, before `start` has resolved).
 *
 * Both servers answer only for their own host names (host-guard.js, RT-04). `setAuthUrl: true` (server.js) sets
 * `AUTH_URL` to `<url>/auth` when the environment has none, so that e-mail links are built from the listening URL
 * (RT-02: never from the `Host` a client sent). It changes `process.env`, so it is for one app per process.
 *
 * @example
 * const { url, idp, close } = await start({ port: 0, idp: { port: 0 }, database: ":memory:" })
 */
export async function start({ port = 3000, host = "127.0.0.1", idp: idpOptions = {}, database = DEFAULT_DATABASE, setAuthUrl = false, ...options } = {}) {
  const { adapter, path } = openDatabase(database)
  try {
    await ensureDemoAccounts(adapter)
  } catch (error) {
    adapter.close()
    throw error
  }

  let handler = (req, res) => {
    res.statusCode = 503
    res.end()
  }
  let hosts = new Set()
  const server = createServer((req, res) => {
    if (!refuseForeignHost(req, res, hosts)) handler(req, res)
  })
  try {
    await new Promise((resolve, reject) => {
      server.once("error", reject)
      server.listen(port, host, () => {
        server.off("error", reject)
        resolve()
      })
    })
  } catch (error) {
    adapter.close()
    throw tagListener(error, "app")
  }
  const address = server.address()
  const url = `http://${urlHost(address.address)}:${address.port}`
  if (setAuthUrl && !process.env.AUTH_URL && !process.env.NEXTAUTH_URL) process.env.AUTH_URL = `${url}${AUTH_BASE_PATH}`
  hosts = allowedHosts({ port: address.port, publicUrl: process.env.AUTH_URL || process.env.NEXTAUTH_URL })

  let idp
  try {
    if (idpOptions !== false) idp = await startIdp({ ...idpOptions, appUrl: url })
  } catch (error) {
    await closeGracefully(server)
    adapter.close()
    throw tagListener(error, "idp")
  }
  const app = createApp({ ...options, adapter, idp })
  handler = app

  const close = async () => {
    try {
      await closeGracefully(server)
      await idp?.close()
    } finally {
      adapter.close()
    }
  }
  return { app, server, url, idp, adapter, database: path, close }
}

/**
 * Stops accepting connections, closes idle keep-alive ones at once and lets requests in flight finish; after
 * `timeoutMs` whatever is left is cut.
 */
function closeGracefully(server, { timeoutMs = 10_000 } = {}) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => server.closeAllConnections(), timeoutMs)
    timer.unref()
    server.close((error) => {
      clearTimeout(timer)
      if (error) reject(error)
      else resolve()
    })
    server.closeIdleConnections()
  })
}

/** Which server a listen error (`EADDRINUSE` on `error.port`) came from, so that server.js names the right variable. */
function tagListener(error, listener) {
  if (error && typeof error === "object" && "port" in error && !("listener" in error)) error.listener = listener
  return error
}

function urlHost(address) {
  if (address === "127.0.0.1" || address === "::1" || address === "0.0.0.0" || address === "::") return "localhost"
  return address.includes(":") ? `[${address}]` : address
}

function sendPage(res, html) {
  res.set(pageHeaders).send(html)
}

function sendErrorPage(res, status, message) {
  res.status(status).set(pageHeaders).send(errorPage({ status, message }))
}
