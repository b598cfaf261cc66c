/**
 * "Demo IdP": the demo's own OpenID Provider ([oidc-provider](https://github.com/panva/node-oidc-provider)), started
 * with the app on loopback so that OAuth / OIDC sign-in works offline on a fresh machine.
 *
 * - Issuer `http://127.0.0.1:<port>` (plain http: Gatehouse allows it to loopback issuers only). It always listens
 *   on loopback, whatever host the app uses: its accounts have no passwords, so whoever reaches it can be anyone.
 * - One client, `demo-app`, with a secret generated at start (random, kept in memory, never logged), the redirect
 *   URI `<appUrl>/auth/callback/demo-idp`, PKCE required, scopes `openid profile email`.
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
import { idpErrorPage, idpLoginPage, idpPageHeaders } from "./idp-pages.js"
import { errors as oidcErrors, Provider } from "./oidc-provider.js"

export const IDP_CLIENT_ID = "demo-app"

/** The IdP's accounts. No passwords: it is a demo IdP, and the login page says so. */
export const IDP_ACCOUNTS = [
  { id: "carol", name: "Carol Demo", givenName: "Carol", familyName: "Demo", email: "carol@idp.example" },
  { id: "dave", name: "Dave Demo", givenName: "Dave", familyName: "Demo", email: "dave@idp.example" },
]

/** Lifetimes in seconds: short, it is a demo (and setting them keeps oidc-provider from printing notices). */
const TTL = { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 }

const generateKeyPairAsync = promisify(generateKeyPair)

/**
 * Starts the IdP on `host` (loopback only, default `127.0.0.1`) and `port` (default 3001, 0: any free port), for the
 * app at `appUrl` (its origin: `http://localhost:3000`) whose Gatehouse endpoints are under `authBasePath` (default
 * the demo's `/auth`; the Next.js example's is `/api/auth`). Resolves once listening.
 *
 * @example
 * const idp = await startIdp({ port: 0, appUrl: "http://localhost:3000" })
 * // { issuer: "http://127.0.0.1:41234", clientId: "demo-app", clientSecret: "…", close }
 */
export async function startIdp({ port = 3001, host = "127.0.0.1", appUrl, authBasePath = AUTH_BASE_PATH, logger = console } = {}) {
  if (!isLoopbackHost(host)) throw new Error(`The demo IdP listens on loopback only, not on ${host}.`)
  if (!appUrl) throw new Error("startIdp needs the app's URL, for the client's redirect URI.")
  const redirectUris = callbackUrls(appUrl, authBasePath)
  const clientSecret = randomBytes(32).toString("base64url")

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
    const provider = new Provider(issuer, await configuration({ clientSecret, redirectUris, appUrl }))
    // oidc-provider renders the error page; the cause is logged here, where a developer looks.
    provider.on("server_error", (ctx, error) => logger.error("[demo-idp] server error:", error))
    handler = createIdpApp(provider, { formTargets: redirectUris, appUrl, logger })
  } catch (error) {
    await closeServer(server)
    throw error
  }

  return { issuer, clientId: IDP_CLIENT_ID, clientSecret, redirectUris, close: () => closeServer(server) }
}

async function configuration({ clientSecret, redirectUris, appUrl }) {
  const { privateKey } = await generateKeyPairAsync("rsa", { modulusLength: 2048 })
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: randomUUID(), alg: "RS256", use: "sig" }

  return {
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: IDP_CLIENT_ID,
        client_secret: clientSecret,
        client_name: "Gatehouse demo",
        redirect_uris: redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    responseTypes: ["code"],
    pkce: { required: () => true },
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
    ttl: TTL,
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
  const origin = new URL(appUrl)
  const path = `${authBasePath}/callback/${DEMO_IDP_ID}`
  const urls = [new URL(path, origin).href]
  const alias = { localhost: "127.0.0.1", "127.0.0.1": "localhost" }[origin.hostname]
  if (alias) {
    const other = new URL(origin)
    other.hostname = alias
    urls.push(new URL(path, other).href)
  }
  return urls
}

/**
 * oidc-provider's state (sessions, interactions, codes, tokens, grants) in a Map of this process: lost at restart,
 * on purpose. Entries expire at their `expiresIn`.
 */
function createMemoryAdapter() {
  const store = new Map()
  const read = (key) => {
    const entry = store.get(key)
    if (entry && entry.expiresAt <= Date.now()) {
      store.delete(key)
      return undefined
    }
    return entry?.value
  }
  const write = (key, value, expiresIn) => {
    store.set(key, { value, expiresAt: typeof expiresIn === "number" ? Date.now() + expiresIn * 1000 : Infinity })
  }
  const sweep = () => {
    for (const key of store.keys()) read(key)
  }

  return class DemoAdapter {
    constructor(model) {
      this.model = model
    }

    key(id) {
      return `${this.model}:${id}`
    }

    async upsert(id, payload, expiresIn) {
      if (store.size > 1000) sweep()
      write(this.key(id), payload, expiresIn)
      if (payload.uid && this.model === "Session") write(`sessionUid:${payload.uid}`, id, expiresIn)
      if (payload.userCode) write(`userCode:${payload.userCode}`, id, expiresIn)
      if (payload.grantId) {
        const members = read(`grant:${payload.grantId}`) ?? new Set()
        members.add(this.key(id))
        write(`grant:${payload.grantId}`, members, TTL.Grant)
      }
    }

    async find(id) {
      return read(this.key(id))
    }

    async findByUid(uid) {
      const id = read(`sessionUid:${uid}`)
      return id === undefined ? undefined : this.find(id)
    }

    async findByUserCode(userCode) {
      const id = read(`userCode:${userCode}`)
      return id === undefined ? undefined : this.find(id)
    }

    async consume(id) {
      const payload = read(this.key(id))
      if (payload) payload.consumed = Math.floor(Date.now() / 1000)
    }

    async destroy(id) {
      store.delete(this.key(id))
    }

    async revokeByGrantId(grantId) {
      for (const key of read(`grant:${grantId}`) ?? []) store.delete(key)
      store.delete(`grant:${grantId}`)
    }
  }
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
