/**
 * The demo app, without side effects: `createApp(options)` builds the Express app, `start(options)` starts the Demo
 * IdP and the app and returns a `close()` that stops both. `server.js` reads the environment and calls `start`; tests
 * call it with ephemeral ports.
 */
import { createServer } from "node:http"
import express from "express"
import { AUTH_BASE_PATH, createAuth } from "./auth.js"
import { HttpError, toExpressHandler } from "./express-bridge.js"
import { IDP_ACCOUNTS, startIdp } from "./idp.js"
import { errorPage, homePage, pageHeaders, privatePage } from "./pages.js"
import { createUserDirectory, DEMO_USERS } from "./users.js"

/**
 * Builds the app: Gatehouse under `/auth`, the home page `/` and the protected page `/private`.
 *
 * Options: `trustProxy` (Express's `trust proxy` setting, default `false`); `idp`, the running Demo IdP
 * (`{ issuer, clientId, clientSecret }` from `startIdp`; without it, no "Sign in with Demo IdP"); for tests,
 * `passwordLogCost` (log2 of scrypt's N, default 17), `secret` and `logger` (default: `AUTH_SECRET` and the console).
 *
 * @example
 * const app = createApp({ trustProxy: "loopback" })
 */
export function createApp({ trustProxy = false, idp, passwordLogCost, secret, logger } = {}) {
  const users = createUserDirectory({ logCost: passwordLogCost })
  const { handlers, auth } = createAuth({ users, idp, secret, logger })

  const app = express()
  app.disable("x-powered-by")
  app.set("trust proxy", trustProxy)

  // Auth routes first: the bridge reads the raw body, which a body parser mounted earlier would have consumed.
  app.get(`${AUTH_BASE_PATH}/*splat`, toExpressHandler(handlers.GET))
  app.post(`${AUTH_BASE_PATH}/*splat`, toExpressHandler(handlers.POST))

  app.get(
    "/",
    toExpressHandler(async (request) => {
      const session = await auth(request)
      if (!session) {
        const signInUrl = `${AUTH_BASE_PATH}/signin?${new URLSearchParams({ callbackUrl: "/" })}`
        return htmlResponse(homePage({ session, users: DEMO_USERS, idpAccounts: idp ? IDP_ACCOUNTS : [], signInUrl }))
      }
      const { csrfToken, setCookies } = await csrfTokenFor(request, handlers.GET)
      return htmlResponse(homePage({ session, signOutUrl: `${AUTH_BASE_PATH}/signout`, csrfToken }), setCookies)
    }),
  )

  // `auth(handler)` consults the `authorized` callback: signed out, this redirects to sign-in with a callbackUrl.
  app.get(
    "/private",
    toExpressHandler(auth((request) => htmlResponse(privatePage({ session: request.auth })))),
  )

  app.use((req, res) => sendErrorPage(res, 404, "Page not found"))
  app.use((error, req, res, next) => {
    // Mid-response (a client gone during streaming): Express's default handler closes the connection.
    if (res.headersSent) return next(error)
    if (error instanceof HttpError) return sendErrorPage(res, error.status, error.message)
    console.error("[demo] Unhandled error:", error)
    sendErrorPage(res, 500, "Something went wrong")
  })
  return app
}

/**
 * Starts the app on `port` (0: any free port) and `host` (default loopback only: the demo passwords are public), with
 * the Demo IdP on loopback unless `idp` is `false` (`idp: { port }`, default 3001; 0: any free port). Resolves once
 * both listen; `close()` stops both.
 *
 * The app's port is bound first, so that the IdP registers the exact callback URL (`<url>/auth/callback/demo-idp`);
 * then the IdP starts, and only then does the app answer (503 until then, before `start` has resolved).
 *
 * @example
 * const { url, idp, close } = await start({ port: 0, idp: { port: 0 } })
 */
export async function start({ port = 3000, host = "127.0.0.1", idp: idpOptions = {}, ...options } = {}) {
  let handler = (req, res) => {
    res.statusCode = 503
    res.end()
  }
  const server = createServer((req, res) => handler(req, res))
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      server.off("error", reject)
      resolve()
    })
  })
  const address = server.address()
  const url = `http://${urlHost(address.address)}:${address.port}`

  let idp
  try {
    if (idpOptions !== false) idp = await startIdp({ ...idpOptions, appUrl: url })
  } catch (error) {
    await closeGracefully(server)
    throw error
  }
  const app = createApp({ ...options, idp })
  handler = app

  const close = async () => {
    await closeGracefully(server)
    await idp?.close()
  }
  return { app, server, url, idp, close }
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

function urlHost(address) {
  if (address === "127.0.0.1" || address === "::1" || address === "0.0.0.0" || address === "::") return "localhost"
  return address.includes(":") ? `[${address}]` : address
}

/**
 * The CSRF token for the sign-out form, from Gatehouse's own `GET /auth/csrf` with this browser's cookies. When the
 * browser has no CSRF cookie yet, Gatehouse mints one: its `Set-Cookie` must go out with the page.
 */
async function csrfTokenFor(request, GET) {
  const headers = new Headers()
  const cookie = request.headers.get("cookie")
  if (cookie) headers.set("cookie", cookie)
  const response = await GET(new Request(new URL(`${AUTH_BASE_PATH}/csrf`, request.url), { headers }))
  if (!response.ok) throw new Error(`GET ${AUTH_BASE_PATH}/csrf answered ${response.status}`)
  const { csrfToken } = await response.json()
  return { csrfToken, setCookies: response.headers.getSetCookie() }
}

function htmlResponse(html, setCookies = []) {
  const headers = new Headers(pageHeaders)
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie)
  return new Response(html, { status: 200, headers })
}

function sendErrorPage(res, status, message) {
  res.status(status).set(pageHeaders).send(errorPage({ status, message }))
}
