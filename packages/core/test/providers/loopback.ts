/**
 * The kit the provider fakes (github-fake.ts, yandex-flow.test.ts, mailru-flow.test.ts) share: a `node:http` server on
 * 127.0.0.1 with a random port that records every request, the bookkeeping of an authorization-code server (single-use
 * codes bound to client, redirect URI and PKCE challenge; issued access tokens), the two client authentication methods
 * read the way a real token endpoint reads them, and the browser's round trip through `Auth()`.
 */
import { createHash, randomBytes } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { expect } from "vitest"
import { ORIGIN, BASE, type Browser } from "../helpers/auth.js"
import { deliver, startSignIn } from "../oauth/flow.js"

export interface RecordedRequest {
  method: string
  /** The path without the query, e.g. `/login/oauth/access_token`. */
  path: string
  query: Record<string, string>
  /** Header names lower-cased, repeated headers joined with ", ". */
  headers: Record<string, string>
  /** The raw body. */
  text: string
  /** The body parsed as a form when it is `application/x-www-form-urlencoded`, else `{}`. */
  body: Record<string, string>
}

/** Answers one request; `res` is still open. */
export type Route = (request: RecordedRequest, res: ServerResponse) => void | Promise<void>

export interface Loopback {
  /** `http://127.0.0.1:<port>` */
  url: string
  requests: RecordedRequest[]
  /** The recorded requests to one path, in order. */
  requestsTo(path: string): RecordedRequest[]
  close(): Promise<void>
}

/** Starts a server answering `routes` (keyed `"METHOD /path"`); anything else is a JSON 404. */
export async function startLoopback(routes: Record<string, Route>): Promise<Loopback> {
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { error: "server_error", error_description: String(error) }))
  })
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", loopback.url)
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString("utf8")
    const isForm = (req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")])),
      text,
      body: isForm ? Object.fromEntries(new URLSearchParams(text)) : {},
    }
    requests.push(recorded)
    const route = routes[`${recorded.method} ${recorded.path}`]
    if (!route) return json(res, 404, { error: "not_found" })
    await route(recorded, res)
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  const loopback: Loopback = {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (path) => requests.filter((r) => r.path === path),
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
  return loopback
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers }).end(JSON.stringify(body))
}

/** A 302 to `target` with `params` added to its query (undefined values left out). */
export function redirect(res: ServerResponse, target: string, params: Record<string, string | undefined>): void {
  const url = new URL(target)
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value)
  res.writeHead(302, { location: url.href }).end()
}

/** RFC 7636 S256. */
export function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url")
}

export function randomToken(prefix: string, bytes = 24): string {
  return `${prefix}${randomBytes(bytes).toString("base64url")}`
}

// ---------------------------------------------------------------------------------------------------------------------
// Client authentication at the token endpoint (RFC 6749 §2.3.1)

export interface ClientCredentials {
  /** How the client authenticated: a Basic header, the form body, both (forbidden by RFC 6749 §2.3), or neither. */
  method: "client_secret_basic" | "client_secret_post" | "both" | "none"
  clientId: string | undefined
  clientSecret: string | undefined
}

/** The client credentials of a token request. A Basic header's id and secret are form-decoded (RFC 6749 §2.3.1). */
export function clientCredentials(request: RecordedRequest): ClientCredentials {
  const header = request.headers.authorization
  const basic = header && /^basic /i.test(header) ? Buffer.from(header.slice(6).trim(), "base64").toString("utf8") : undefined
  const inBody = request.body.client_secret !== undefined
  if (basic !== undefined) {
    const colon = basic.indexOf(":")
    const decode = (s: string): string => decodeURIComponent(s.replace(/\+/g, " "))
    const clientId = decode(colon === -1 ? basic : basic.slice(0, colon))
    const clientSecret = colon === -1 ? undefined : decode(basic.slice(colon + 1))
    return { method: inBody ? "both" : "client_secret_basic", clientId, clientSecret }
  }
  if (inBody) return { method: "client_secret_post", clientId: request.body.client_id, clientSecret: request.body.client_secret }
  return { method: "none", clientId: request.body.client_id, clientSecret: undefined }
}

// ---------------------------------------------------------------------------------------------------------------------
// Authorization codes and access tokens

export interface Grant {
  clientId: string
  redirectUri: string | undefined
  scope: string | undefined
  codeChallenge: string | undefined
  codeChallengeMethod: string | undefined
}

export type Redeemed = { ok: true; grant: Grant } | { ok: false; error: string; description: string }

/** Single-use codes bound to what the authorization request carried, and the access tokens issued for them. */
export class CodeStore {
  private readonly codes = new Map<string, Grant>()
  private readonly tokens = new Map<string, Grant>()

  /** Issues a code for an authorization request's parameters. */
  issue(query: Record<string, string>, code = randomToken("code_", 12)): string {
    this.codes.set(code, {
      clientId: query.client_id ?? "",
      redirectUri: query.redirect_uri,
      scope: query.scope,
      codeChallenge: query.code_challenge,
      codeChallengeMethod: query.code_challenge_method,
    })
    return code
  }

  /**
   * Redeems `form.code` for `clientId` (RFC 6749 §4.1.3): unknown or reused codes, another client, another
   * redirect URI (when `requireRedirectUri` or one is sent) and a wrong PKCE verifier (RFC 7636 §4.6) are
   * `invalid_grant`.
   */
  redeem(form: Record<string, string>, clientId: string | undefined, options: { requireRedirectUri?: boolean } = {}): Redeemed {
    const fail = (description: string): Redeemed => ({ ok: false, error: "invalid_grant", description })
    if (form.grant_type !== "authorization_code") return { ok: false, error: "unsupported_grant_type", description: `grant_type ${form.grant_type}` }
    const grant = form.code ? this.codes.get(form.code) : undefined
    if (!grant) return fail("Code is invalid or expired.")
    this.codes.delete(form.code!)
    if (grant.clientId !== clientId) return fail("Code was issued to another client.")
    if ((options.requireRedirectUri || form.redirect_uri !== undefined) && form.redirect_uri !== grant.redirectUri) {
      return fail("redirect_uri does not match the authorization request.")
    }
    if (grant.codeChallenge !== undefined) {
      if (!form.code_verifier) return fail("code_verifier is missing.")
      const computed = grant.codeChallengeMethod === "S256" ? s256(form.code_verifier) : form.code_verifier
      if (computed !== grant.codeChallenge) return fail("code_verifier does not match the code_challenge.")
    }
    return { ok: true, grant }
  }

  /** Records an access token issued for `grant`. */
  token(grant: Grant, token = randomToken("at_")): string {
    this.tokens.set(token, grant)
    return token
  }

  /** The grant behind an access token, or `undefined` for a token this server never issued. */
  owner(token: string | undefined): Grant | undefined {
    return token ? this.tokens.get(token) : undefined
  }

  clear(): void {
    this.codes.clear()
    this.tokens.clear()
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// The browser's round trip

export interface Round {
  /** Where `POST /signin/:id` sent the browser. */
  authorizeUrl: URL
  /** The provider's redirect back to the app (after `tamper`). */
  callbackUrl: URL
  /** The app's answer to the callback. */
  callback: Response
}

/**
 * Sign-in button -> the fake's authorize endpoint (it must redirect back to our callback) -> `tamper` on the callback
 * URL -> the callback with the browser's cookies.
 */
export async function roundTrip(browser: Browser, providerId: string, tamper: (callback: URL) => void = () => {}): Promise<Round> {
  const { response, authorizationUrl } = await startSignIn(browser, providerId)
  expect(response.status).toBe(302)
  expect(authorizationUrl, "the sign-in redirects to the provider").toBeDefined()
  const back = await fetch(authorizationUrl!, { redirect: "manual" })
  expect(back.status, `the fake's authorize endpoint answered: ${back.status === 302 ? "" : await back.clone().text()}`).toBe(302)
  const callbackUrl = new URL(back.headers.get("location")!)
  expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${ORIGIN}${BASE}/callback/${providerId}`)
  tamper(callbackUrl)
  return { authorizeUrl: authorizationUrl!, callbackUrl, callback: await deliver(browser, callbackUrl) }
}

export interface SessionJson {
  user?: { name?: string | null; email?: string | null; image?: string | null }
  expires?: string
}

export async function sessionOf(browser: Browser): Promise<SessionJson | null> {
  return (await browser.session()) as SessionJson | null
}

/**
 * A `[customFetch]` for the provider: loopback requests go to the fake through the global fetch; anything else is
 * recorded in `escaped` and fails like an unreachable host, so a test never touches the network.
 */
export function loopbackOnlyFetch(): { fetch: typeof fetch; escaped: string[] } {
  const escaped: string[] = []
  const guarded = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input)
    if (url.hostname === "127.0.0.1") return fetch(input, init)
    escaped.push(url.href)
    return Promise.reject(new TypeError(`fetch failed: ${url.host} is not reachable from the test`))
  }
  return { fetch: guarded as typeof fetch, escaped }
}
