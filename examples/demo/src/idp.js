/**
 * "Demo IdP": the demo's own OpenID Provider ([oidc-provider](https://github.com/panva/node-oidc-provider)), started
 * with the app on loopback so that OAuth / OIDC sign-in works offline on a fresh machine.
 *
 * - Issuer `http://127.0.0.1:<port>` (plain http: Gatehouse allows it to loopback issuers only). It always listens
 *   on loopback, whatever host the app uses: its accounts have no passwords, so whoever reaches it can be anyone.
 * - One client, `demo-app`, with a secret generated at start (random, kept in memory, never logged) unless
 *   `clientSecret` is given, the redirect URI `<appUrl>/auth/callback/demo-idp`, PKCE required, scopes
 *   `openid profile email`. Your own app can use the same client: its callback URLs go in `extraRedirectUris`
 *   (`DEMO_IDP_REDIRECT_URIS`, see `redirectUrisFromEnv`), exact and on loopback only.
 * - Short access tokens (30 seconds by default) and rotating refresh tokens, and a protected API, `GET /api/hello`
 *   (idp-api.js): the demo's `/tokens` page calls it with the token Gatehouse refreshes.
 * - Two accounts, picked from a list on the IdP's own login page (`/interaction/:uid`); consent is granted
 *   automatically for the demo client, which is the IdP's only, first-party client.
 * - Signing key, cookie keys and all state (sessions, codes, grants) are per process: a restart forgets everything.
 */
import { generateKeyPair, randomBytes, randomUUID } from "node:crypto"
import { createServer } from "node:http"
import { promisify } from "node:util"
import express from "express"
import { AUTH_BASE_PATH, DEMO_IDP_ID } from "./auth.js"
import { allowedHosts, refuseForeignHost } from "./host-guard.js"
import { countRefreshes, HELLO_API_PATH, helloApi } from "./idp-api.js"
import { idpErrorPage, idpLoginPage, idpPageHeaders } from "./idp-pages.js"
import { createMemoryAdapter } from "./idp-store.js"
import { errors as oidcErrors, Provider } from "./oidc-provider.js"

export const IDP_CLIENT_ID = "demo-app"

/** The IdP's accounts. No passwords: it is a demo IdP, and the login page says so. */
export const IDP_ACCOUNTS = [
  { id: "carol", name: "Carol Demo", givenName: "Carol", familyName: "Demo", email: "carol@idp.example" },
  { id: "dave", name: "Dave Demo", givenName: "Dave", familyName: "Demo", email: "dave@idp.example" },
]

/**
 * Lifetimes in seconds: short, it is a demo (and setting them keeps oidc-provider from printing notices). The access
 * token's is `startIdp`'s `accessTokenTtl`. A refresh token and its grant last a day: the app refreshes on its own,
 * long after the IdP's browser session (a session cookie) has gone.
 */
const TTL = { AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 86_400, RefreshToken: 86_400 }

/**
 * Thirty seconds, where a real IdP's access tokens last minutes to an hour: short enough that a visitor of the demo's
 * `/tokens` page sees the token expire and Gatehouse refresh it within half a minute, long enough to read the page.
 */
const DEFAULT_ACCESS_TOKEN_TTL = 30

const generateKeyPairAsync = promisify(generateKeyPair)

/**
 * Starts the IdP on `host` (loopback only, default `127.0.0.1`) and `port` (default 3001, 0: any free port), for the
 * app at `appUrl` (its origin: `http://localhost:3000`) whose Gatehouse endpoints are under `authBasePath` (default
 * the demo's `/auth`; the Next.js example's is `/api/auth`). Its access tokens live `accessTokenTtl` seconds (default
 * 30; tests shorten it). `extraRedirectUris`: more redirect URIs for the client, your own app's callback URLs (exact,
 * loopback only: see `redirectUrisFromEnv`); `clientSecret`: a fixed client secret (16 characters or more) instead of
 * a random one per start, so that your app's configuration survives a restart of the IdP. Resolves once listening,
 * with the issuer, the client's credentials, its redirect URIs, the API's URL (`apiUrl`) and the access tokens'
 * lifetime.
 *
 * @example
 * const idp = await startIdp({ port: 0, appUrl: "http://localhost:3000" })
 * // { issuer: "http://127.0.0.1:41234", clientId: "demo-app", clientSecret: "…", apiUrl: "http://127.0.0.1:41234/api/hello", accessTokenTtl: 30, close }
 */
export async function startIdp({
  port = 3001,
  host = "127.0.0.1",
  appUrl,
  authBasePath = AUTH_BASE_PATH,
  accessTokenTtl = DEFAULT_ACCESS_TOKEN_TTL,
  extraRedirectUris = [],
  clientSecret: fixedClientSecret,
  logger = console,
} = {}) {
  if (!isLoopbackHost(host)) throw new Error(`The demo IdP listens on loopback only, not on ${host}.`)
  if (!appUrl) throw new Error("startIdp needs the app's URL, for the client's redirect URI.")
  if (!Number.isInteger(accessTokenTtl) || accessTokenTtl < 1) {
    throw new Error(`The demo IdP's accessTokenTtl is a whole number of seconds, 1 or more, not ${JSON.stringify(accessTokenTtl)}.`)
  }
  if (fixedClientSecret !== undefined && (typeof fixedClientSecret !== "string" || fixedClientSecret.length < 16)) {
    throw new Error("The demo IdP's clientSecret (DEMO_IDP_CLIENT_SECRET) must be 16 characters or more.")
  }
  const extra = extraRedirectUris.flatMap((uri) => withLoopbackAlias(checkedRedirectUri(uri)))
  const redirectUris = [...new Set([...callbackUrls(appUrl, authBasePath), ...extra])]
  const clientSecret = fixedClientSecret ?? randomBytes(32).toString("base64url")

  // Listen first: the issuer URL contains the port, which is only known now when `port` is 0.
  let handler = (req, res) => {
    res.statusCode = 503
    res.end()
  }
  // Loopback names on its own port only (RT-04): a rebound foreign name would reach an IdP that signs in as anyone.
  let hosts = new Set()
  const server = createServer((req, res) => {
    if (!refuseForeignHost(req, res, hosts)) handler(req, res)
  })
  await listen(server, port, host)
  hosts = allowedHosts({ port: server.address().port })
  const issuer = `http://${urlHost(host)}:${server.address().port}`

  try {
    const provider = new Provider(issuer, await configuration({ clientSecret, redirectUris, appUrl, accessTokenTtl }))
    // oidc-provider renders the error page; the cause is logged here, where a developer looks.
    provider.on("server_error", (ctx, error) => logger.error("[demo-idp] server error:", error))
    handler = createIdpApp(provider, { formTargets: redirectUris, appUrl, logger })
  } catch (error) {
    await closeServer(server)
    throw error
  }

  return {
    issuer,
    clientId: IDP_CLIENT_ID,
    clientSecret,
    redirectUris,
    /** The redirect URIs of other apps (`extraRedirectUris`, with their loopback aliases). */
    extraRedirectUris: redirectUris.filter((uri) => extra.includes(uri)),
    apiUrl: `${issuer}${HELLO_API_PATH}`,
    accessTokenTtl,
    close: () => closeServer(server),
  }
}

async function configuration({ clientSecret, redirectUris, appUrl, accessTokenTtl }) {
  const { privateKey } = await generateKeyPairAsync("rsa", { modulusLength: 2048 })
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: randomUUID(), alg: "RS256", use: "sig" }

  return {
    adapter: createMemoryAdapter({ grantTtl: TTL.Grant }),
    clients: [
      {
        client_id: IDP_CLIENT_ID,
        client_secret: clientSecret,
        client_name: "Gatehouse demo",
        redirect_uris: redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code", "refresh_token"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    responseTypes: ["code"],
    pkce: { required: () => true },
    // A refresh token with every code, without the `offline_access` scope that OIDC Core §11 would have the app ask
    // for (and which oidc-provider honours only with a consent prompt on every sign-in): the demo client is the IdP's
    // only, first-party client, as with IdPs that issue refresh tokens by default (Keycloak, GitLab).
    issueRefreshToken: (ctx, client) => client.grantTypeAllowed("refresh_token"),
    // Every refresh returns a new refresh token and consumes the old one; presenting a consumed one again (a stolen
    // copy, or a client that lost a race) revokes the whole grant (RFC 9700 §4.14.2). Gatehouse must store each new
    // refresh token before using the access token, and refresh once for concurrent calls: this IdP makes it show.
    rotateRefreshToken: true,
    // Tokens outlive the IdP's browser session (a session cookie: the login handler's `remember: false`): the app
    // refreshes in the background, when the user may long have closed the IdP's tab. By default they die with it.
    expiresWithSession: () => false,
    scopes: ["openid", "profile", "email"],
    claims: {
      acr: null,
      sid: null,
      auth_time: null,
      iss: null,
      openid: ["sub"],
      profile: ["name", "given_name", "family_name", "preferred_username"],
      email: ["email", "email_verified"],
    },
    // The granted profile and e-mail claims go into the ID token too (not only the userinfo response): Gatehouse,
    // like Auth.js, reads an OIDC user's profile from the ID token.
    conformIdTokenClaims: false,
    async findAccount(ctx, id) {
      const account = IDP_ACCOUNTS.find((a) => a.id === id)
      if (!account) return undefined
      return {
        accountId: account.id,
        async claims() {
          return {
            sub: account.id,
            name: account.name,
            given_name: account.givenName,
            family_name: account.familyName,
            preferred_username: account.id,
            email: account.email,
            email_verified: true,
          }
        },
      }
    },
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    features: {
      // Our own interaction pages replace the development-only ones.
      devInteractions: { enabled: false },
      // No logout pages: the demo signs out of the app only (the IdP session ends with the browser or the process).
      rpInitiatedLogout: { enabled: false },
    },
    interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { ...TTL, AccessToken: accessTokenTtl },
    clientBasedCORS: () => false,
    // oidc-provider's own error page (a bad authorization request, an unknown redirect URI…) in the IdP's style.
    async renderError(ctx, out) {
      ctx.set(idpPageHeaders({ formTargets: [] }))
      ctx.body = idpErrorPage({ error: out.error, description: out.error_description, appUrl })
    },
  }
}

/**
 * The IdP's HTTP app: our interaction pages at `/interaction/:uid`, oidc-provider for everything else (discovery,
 * authorize, token, userinfo, JWKS).
 */
function createIdpApp(provider, { formTargets, appUrl, logger }) {
  const app = express()
  app.disable("x-powered-by")
  const pageHeaders = idpPageHeaders({ formTargets })
  const form = express.urlencoded({ extended: false, limit: "2kb", parameterLimit: 5 })

  app.get("/interaction/:uid", async (req, res) => {
    const details = await interactionFor(provider, req, res)
    const { prompt, params } = details
    if (prompt.name === "login") {
      res.status(200).set(pageHeaders).send(
        idpLoginPage({ uid: details.uid, accounts: IDP_ACCOUNTS, clientName: "Gatehouse demo", scope: params.scope }),
      )
      return
    }
    if (prompt.name === "consent" && params.client_id === IDP_CLIENT_ID) {
      // The demo client is first-party: consent is granted without asking, for exactly what it requested.
      const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined
      const grant = existing ?? new provider.Grant({ accountId: details.session.accountId, clientId: params.client_id })
      const missing = prompt.details
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "))
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(" "))
      }
      const grantId = await grant.save()
      await provider.interactionFinished(req, res, { consent: existing ? {} : { grantId } }, { mergeWithLastSubmission: true })
      return
    }
    await provider.interactionFinished(req, res, { error: "access_denied", error_description: "Unsupported interaction" }, { mergeWithLastSubmission: false })
  })

  app.post("/interaction/:uid/login", form, async (req, res) => {
    const details = await interactionFor(provider, req, res)
    const account = IDP_ACCOUNTS.find((a) => a.id === req.body?.account)
    if (details.prompt.name !== "login" || !account) {
      res.status(400).set(pageHeaders).send(idpErrorPage({ error: "invalid_request", description: "Pick one of the listed accounts.", appUrl }))
      return
    }
    // `remember: false`: the IdP session lasts until the browser closes (or the process ends).
    await provider.interactionFinished(req, res, { login: { accountId: account.id, remember: false } }, { mergeWithLastSubmission: false })
  })

  app.post("/interaction/:uid/abort", async (req, res) => {
    await interactionFor(provider, req, res)
    await provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "The user cancelled the sign-in." },
      { mergeWithLastSubmission: false },
    )
  })

  // The protected API the demo's /tokens page calls (idp-api.js). Same server, same host guard as every IdP route.
  app.get(HELLO_API_PATH, helloApi({ provider, accounts: IDP_ACCOUNTS, refreshes: countRefreshes(provider) }))

  app.use(provider.callback())

  app.use((error, req, res, next) => {
    if (res.headersSent) return next(error)
    if (error instanceof oidcErrors.SessionNotFound) {
      res.status(400).set(pageHeaders).send(
        idpErrorPage({ error: "expired", description: "This sign-in request has expired or was already used. Start again from the app.", appUrl }),
      )
      return
    }
    logger.error("[demo-idp] Unhandled error:", error)
    res.status(500).set(pageHeaders).send(idpErrorPage({ error: "server_error", description: "Something went wrong.", appUrl }))
  })
  return app
}

/** The interaction of this browser (from its cookie), which must be the one in the URL. */
async function interactionFor(provider, req, res) {
  const details = await provider.interactionDetails(req, res)
  if (details.uid !== req.params.uid) throw new oidcErrors.SessionNotFound("interaction mismatch")
  return details
}

/**
 * The client's redirect URIs. The app is reached at `appUrl`; on loopback it is registered under both spellings,
 * `localhost` and `127.0.0.1`, because Gatehouse builds `redirect_uri` from the host the browser used.
 */
function callbackUrls(appUrl, authBasePath) {
  return withLoopbackAlias(new URL(`${authBasePath}/callback/${DEMO_IDP_ID}`, new URL(appUrl)).href)
}

/** `url`, and the same URL under the other loopback spelling (`localhost` ↔ `127.0.0.1`) when it has one. */
function withLoopbackAlias(url) {
  const parsed = new URL(url)
  const alias = { localhost: "127.0.0.1", "127.0.0.1": "localhost" }[parsed.hostname]
  if (!alias) return [parsed.href]
  const other = new URL(parsed)
  other.hostname = alias
  return [parsed.href, other.href]
}

/**
 * The redirect URIs of `DEMO_IDP_REDIRECT_URIS`: your own app's callback URLs (`http://localhost:5173/auth/callback/demo-idp`),
 * separated by commas or spaces; `[]` when unset. Throws a `TypeError` saying what is wrong with an entry.
 *
 * Each one is registered exactly (no wildcard, no prefix match; `localhost` and `127.0.0.1` both, as for the demo's
 * own) and must be an http(s) URL on loopback (`localhost`, `127.x.x.x`, `[::1]`): the IdP signs in as anyone without
 * a password, so its codes go to this machine only, never to a host on the network.
 */
export function redirectUrisFromEnv(value) {
  if (value === undefined || value.trim() === "") return []
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => checkedRedirectUri(entry))
}

function checkedRedirectUri(entry) {
  const problem = (why) => new TypeError(`DEMO_IDP_REDIRECT_URIS: ${JSON.stringify(String(entry).slice(0, 200))} ${why}`)
  let url
  try {
    url = new URL(entry)
  } catch {
    throw problem("is not an absolute URL (e.g. http://localhost:5173/auth/callback/demo-idp).")
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw problem("is not an http(s) URL.")
  if (!isLoopbackHost(url.hostname.replace(/^\[|\]$/g, ""))) {
    throw problem("is not on loopback (localhost, 127.0.0.1, [::1]): the Demo IdP signs anyone in without a password, so it sends its codes to this machine only.")
  }
  if (url.username || url.password) throw problem("has a user name or password in it.")
  if (url.hash || entry.includes("#")) throw problem("has a fragment (#…), which a redirect URI may not have (RFC 6749 §3.1.2).")
  return url.href
}

function isLoopbackHost(host) {
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host)
}

function urlHost(host) {
  return host.includes(":") ? `[${host}]` : host
}

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      server.off("error", reject)
      resolve()
    })
  })
}

/** Stops accepting connections, closes idle ones at once; after `timeoutMs` whatever is left is cut. */
function closeServer(server, { timeoutMs = 10_000 } = {}) {
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
