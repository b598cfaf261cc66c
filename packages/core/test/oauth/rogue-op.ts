/**
 * A tiny misbehaving OpenID Provider on `node:http`, in the spirit of the OIDF RP conformance suite: a normal code
 * flow (discovery, `/authorize` → 302 with `code`/`state`/`iss`, `/token` enforcing PKCE and client authentication,
 * `/jwks`, `/userinfo`), whose ID token, token response, discovery document and userinfo answer each test can bend.
 * It records every request, so a test can assert that the relying party stopped (no `/token` after a bad
 * authorization response, no `/userinfo` after a bad ID token).
 */
import { createHash, randomBytes } from "node:crypto"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose"
import type { OAuth2Config, OIDCConfig } from "@gatehousejs/core"

export interface RogueRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** How the next ID token is bent. A key set to `undefined` in `claims` or `header` is removed. */
export interface IdTokenPlan {
  claims?: Record<string, unknown>
  header?: Record<string, unknown>
  /**
   * `valid` (RS256, the default); `corrupt` flips a bit of a valid RS256 signature; `none` makes an unsigned
   * `alg: none` token; `hs256` signs with HMAC under `hmacKey` (default: the client secret, OIDC Core §10.1) and
   * `hs256-corrupt` flips a bit of that signature.
   */
  signature?: "valid" | "corrupt" | "none" | "hs256" | "hs256-corrupt"
  hmacKey?: string
  /** Index of the signing key in `keys`. Default: the last. */
  key?: number
}

/** A canned token endpoint answer, or `hang` (never answer). */
export type TokenAnswer = { status: number; contentType: string; body: string } | "hang"

interface IssuedCode {
  clientId: string
  redirectUri: string
  nonce: string | undefined
  codeChallenge: string | undefined
  scope: string | undefined
  used: boolean
}

interface SigningKey {
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
}

export interface RogueAccount {
  sub: string
  email: string
  name: string
  picture: string
}

export class RogueOp {
  readonly clientId = "rogue-client"
  readonly clientSecret = "rogue-client-secret"
  readonly account: RogueAccount = { sub: "rogue-user-1", email: "rogue.user@example.com", name: "Rogue User", picture: "https://img.example/rogue.png" }
  readonly requests: RogueRequest[] = []
  /** Every code, access token and ID token handed out: none of them may reach a log line. */
  readonly issued: string[] = []
  /** Merged over the discovery document (OA-13, OA-23, `none` in the algorithms…). */
  discovery: Record<string, unknown> = {}
  /** How the next ID tokens are bent. */
  idToken: IdTokenPlan = {}
  /** Put an `id_token` in the token response (false for a plain OAuth 2 server). */
  issueIdToken = true
  /** Merged over the token response (e.g. `{ token_type: "Bearer", expires_in: 3600 }`). */
  tokenExtras: Record<string, unknown> = {}
  /** Replaces the token endpoint's answer entirely. */
  tokenAnswer: TokenAnswer | undefined
  /** Hand out a refresh token with each token answer; each refresh rotates it (the old one is then refused). */
  issueRefreshToken = false
  /** The refresh tokens still valid. */
  readonly refreshTokens = new Set<string>()
  /** Merged over the userinfo answer (e.g. another `sub`). */
  userinfoExtras: Record<string, unknown> = {}
  /** Replaces the userinfo body (a plain OAuth 2 profile such as `{ id, login }`). */
  userinfoBody: Record<string, unknown> | undefined
  /** Extra parameters on the authorization response (`iss` is sent unless `sendIss` is false). */
  sendIss = true
  /** Publish `kid` on the JWKS keys. */
  publishKids = true
  keys: SigningKey[] = []

  private readonly codes = new Map<string, IssuedCode>()
  private readonly accessTokens = new Set<string>()
  private readonly hanging = new Set<ServerResponse>()

  private constructor(
    readonly issuer: string,
    private readonly server: Server,
  ) {}

  static async start(): Promise<RogueOp> {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const rogue = new RogueOp(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, server)
    await rogue.setKeys(1)
    server.on("request", (req: IncomingMessage, res: ServerResponse) => void rogue.handle(req, res))
    return rogue
  }

  /** Back to a well-behaved OP with `count` fresh keys. */
  async reset(count = 1): Promise<void> {
    this.discovery = {}
    this.idToken = {}
    this.issueIdToken = true
    this.tokenExtras = {}
    this.tokenAnswer = undefined
    this.issueRefreshToken = false
    this.refreshTokens.clear()
    this.userinfoExtras = {}
    this.userinfoBody = undefined
    this.sendIss = true
    this.publishKids = true
    this.requests.length = 0
    this.issued.length = 0
    this.releaseHanging()
    await this.setKeys(count)
  }

  async setKeys(count: number): Promise<void> {
    this.keys = []
    for (let i = 0; i < count; i++) {
      const { privateKey, publicKey } = await generateKeyPair("RS256")
      this.keys.push({ kid: `rogue-${i}-${randomBytes(4).toString("hex")}`, privateKey, publicJwk: await exportJWK(publicKey) })
    }
  }

  /** Requests to `path` so far. */
  count(path: string): number {
    return this.requests.filter((r) => r.path === path).length
  }

  /** An OIDC Gatehouse provider for this OP (discovery by issuer, all three checks). */
  oidcProvider(overrides: Partial<OIDCConfig> = {}): OIDCConfig {
    return {
      id: "rogue",
      name: "Rogue OP",
      type: "oidc",
      issuer: this.issuer,
      clientId: this.clientId,
      clientSecret: this.clientSecret,
      checks: ["pkce", "state", "nonce"],
      ...overrides,
    }
  }

  /** A plain OAuth 2 Gatehouse provider for this server, with explicit endpoints and no discovery. */
  oauthProvider(overrides: Partial<OAuth2Config> = {}): OAuth2Config {
    return {
      id: "fake",
      name: "Fake OAuth",
      type: "oauth",
      authorization: `${this.issuer}/authorize`,
      token: `${this.issuer}/token`,
      userinfo: `${this.issuer}/userinfo`,
      clientId: this.clientId,
      clientSecret: this.clientSecret,
      ...overrides,
    }
  }

  /**
   * The user agent at this OP: opens the authorization URL and returns where it is sent back — the callback URL for
   * the query response mode, or the form (action and fields) for `response_mode=form_post`.
   */
  async authorize(authorizationUrl: URL | string): Promise<URL> {
    const response = await fetch(authorizationUrl, { redirect: "manual" })
    await response.body?.cancel()
    const target = response.headers.get("location")
    if (!target) throw new Error(`the rogue OP answered ${response.status}`)
    return new URL(target)
  }

  /** For `response_mode=form_post`: the form the OP's page would auto-submit. */
  async authorizeFormPost(authorizationUrl: URL | string): Promise<{ action: URL; fields: Record<string, string> }> {
    const response = await fetch(authorizationUrl, { redirect: "manual" })
    const html = await response.text()
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
    if (!action) throw new Error(`no form_post form in: ${html.slice(0, 200)}`)
    const fields: Record<string, string> = {}
    for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[match[1]!] = unescapeHtml(match[2]!)
    return { action: new URL(unescapeHtml(action)), fields }
  }

  /** Stops answering hanging requests. */
  releaseHanging(): void {
    for (const res of this.hanging) res.destroy()
    this.hanging.clear()
  }

  async close(): Promise<void> {
    this.releaseHanging()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  // -------------------------------------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.issuer)
    const body = await readBody(req)
    this.requests.push({ method: req.method ?? "GET", path: url.pathname, query: url.searchParams, headers: req.headers, body })
    try {
      // Discovery for the issuer at any path (`/tenant/.well-known/openid-configuration` too).
      if (/^(\/[^/.][^/]*)*\/\.well-known\/openid-configuration$/.test(url.pathname)) return json(res, 200, this.discoveryDocument())
      switch (url.pathname) {
        case "/authorize":
          return this.authorizeEndpoint(url.searchParams, res)
        case "/token":
          return await this.tokenEndpoint(req, new URLSearchParams(body), res)
        case "/jwks":
          return json(res, 200, { keys: this.keys.map((k) => ({ ...k.publicJwk, ...(this.publishKids ? { kid: k.kid } : {}), use: "sig", alg: "RS256" })) })
        case "/userinfo":
          return this.userinfoEndpoint(req, res)
        default:
          return json(res, 404, { error: "not_found" })
      }
    } catch (error) {
      json(res, 500, { error: "server_error", error_description: String(error) })
    }
  }

  private discoveryDocument(): Record<string, unknown> {
    return {
      issuer: this.issuer,
      authorization_endpoint: `${this.issuer}/authorize`,
      token_endpoint: `${this.issuer}/token`,
      userinfo_endpoint: `${this.issuer}/userinfo`,
      jwks_uri: `${this.issuer}/jwks`,
      response_types_supported: ["code"],
      response_modes_supported: ["query", "form_post"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      authorization_response_iss_parameter_supported: true,
      ...this.discovery,
    }
  }

  private authorizeEndpoint(params: URLSearchParams, res: ServerResponse): void {
    const redirectUri = params.get("redirect_uri")
    if (params.get("client_id") !== this.clientId || !redirectUri) return json(res, 400, { error: "invalid_request" })
    const code = randomBytes(16).toString("base64url")
    this.issued.push(code)
    this.codes.set(code, {
      clientId: this.clientId,
      redirectUri,
      nonce: params.get("nonce") ?? undefined,
      codeChallenge: params.get("code_challenge") ?? undefined,
      scope: params.get("scope") ?? undefined,
      used: false,
    })
    const answer: Record<string, string> = { code }
    const state = params.get("state")
    if (state !== null) answer.state = state
    if (this.sendIss) answer.iss = this.issuer
    if (params.get("response_mode") === "form_post") {
      const inputs = Object.entries(answer)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}"/>`)
        .join("")
      res.writeHead(200, { "content-type": "text/html" })
      res.end(`<html><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(redirectUri)}">${inputs}</form></body></html>`)
      return
    }
    const target = new URL(redirectUri)
    for (const [k, v] of Object.entries(answer)) target.searchParams.set(k, v)
    res.writeHead(302, { location: target.href })
    res.end()
  }

  private async tokenEndpoint(req: IncomingMessage, form: URLSearchParams, res: ServerResponse): Promise<void> {
    if (this.tokenAnswer === "hang") {
      this.hanging.add(res)
      return
    }
    if (!this.clientAuthenticated(req, form)) return json(res, 401, { error: "invalid_client" })
    if (form.get("grant_type") === "refresh_token") return this.refreshGrant(form, res)
    const issued = this.codes.get(form.get("code") ?? "")
    if (!issued || issued.used || form.get("redirect_uri") !== issued.redirectUri) return json(res, 400, { error: "invalid_grant" })
    issued.used = true
    if (issued.codeChallenge !== undefined) {
      const verifier = form.get("code_verifier") ?? ""
      if (createHash("sha256").update(verifier).digest("base64url") !== issued.codeChallenge) return json(res, 400, { error: "invalid_grant", error_description: "PKCE" })
    } else if (form.has("code_verifier")) {
      return json(res, 400, { error: "invalid_grant", error_description: "code_verifier without a challenge" })
    }
    if (this.tokenAnswer) {
      res.writeHead(this.tokenAnswer.status, { "content-type": this.tokenAnswer.contentType })
      res.end(this.tokenAnswer.body)
      return
    }
    json(res, 200, await this.tokenBody(issued.scope, issued.nonce))
  }

  /** `grant_type=refresh_token`: a valid refresh token is spent and replaced (rotation); a spent one is `invalid_grant`. */
  private async refreshGrant(form: URLSearchParams, res: ServerResponse): Promise<void> {
    const token = form.get("refresh_token") ?? ""
    if (!this.refreshTokens.delete(token)) return json(res, 400, { error: "invalid_grant", error_description: "refresh token unknown or spent" })
    if (this.tokenAnswer && this.tokenAnswer !== "hang") {
      res.writeHead(this.tokenAnswer.status, { "content-type": this.tokenAnswer.contentType })
      res.end(this.tokenAnswer.body)
      return
    }
    json(res, 200, await this.tokenBody(form.get("scope") ?? undefined, undefined))
  }

  private async tokenBody(scope: string | undefined, nonce: string | undefined): Promise<Record<string, unknown>> {
    const accessToken = `at-${randomBytes(12).toString("hex")}`
    this.accessTokens.add(accessToken)
    this.issued.push(accessToken)
    const body: Record<string, unknown> = { access_token: accessToken, token_type: "Bearer", expires_in: 3600, scope }
    if (this.issueRefreshToken) {
      body.refresh_token = `rt-${randomBytes(12).toString("hex")}`
      this.refreshTokens.add(body.refresh_token as string)
      this.issued.push(body.refresh_token as string)
    }
    if (this.issueIdToken) {
      body.id_token = await this.signIdToken({ nonce })
      this.issued.push(body.id_token as string)
    }
    return { ...body, ...this.tokenExtras }
  }

  private clientAuthenticated(req: IncomingMessage, form: URLSearchParams): boolean {
    const header = req.headers.authorization
    if (header?.startsWith("Basic ")) {
      const decoded = Buffer.from(header.slice(6), "base64").toString()
      const [id, secret] = decoded.split(":").map((part) => decodeURIComponent(part.replace(/\+/g, " ")))
      return id === this.clientId && secret === this.clientSecret
    }
    return form.get("client_id") === this.clientId && form.get("client_secret") === this.clientSecret
  }

  /** The ID token for `issued`, bent according to `idToken`. */
  async signIdToken(issued: { nonce: string | undefined }): Promise<string> {
    const plan = this.idToken
    const now = Math.floor(Date.now() / 1000)
    const key = this.keys[plan.key ?? this.keys.length - 1]!
    const claims = prune({
      iss: this.issuer,
      sub: this.account.sub,
      aud: this.clientId,
      iat: now,
      exp: now + 300,
      nonce: issued.nonce,
      email: this.account.email,
      name: this.account.name,
      picture: this.account.picture,
      ...plan.claims,
    })
    const header = prune({ alg: "RS256", kid: key.kid, typ: "JWT", ...plan.header })
    if (plan.signature === "none") {
      const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString("base64url")
      return `${encode({ ...header, alg: "none" })}.${encode(claims)}.`
    }
    const hmac = plan.signature === "hs256" || plan.signature === "hs256-corrupt"
    const jwt = hmac
      ? await new SignJWT(claims)
          .setProtectedHeader(prune({ ...header, alg: "HS256", kid: undefined }) as { alg: string })
          .sign(new TextEncoder().encode(plan.hmacKey ?? this.clientSecret))
      : await new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(key.privateKey)
    if (plan.signature !== "corrupt" && plan.signature !== "hs256-corrupt") return jwt
    const [h, p, s] = jwt.split(".")
    const signature = Buffer.from(s!, "base64url")
    signature[10] = signature[10]! ^ 0x01
    return `${h}.${p}.${signature.toString("base64url")}`
  }

  private userinfoEndpoint(req: IncomingMessage, res: ServerResponse): void {
    const token = req.headers.authorization?.replace(/^Bearer /i, "")
    if (!token || !this.accessTokens.has(token)) return json(res, 401, { error: "invalid_token" })
    json(res, 200, this.userinfoBody ?? { ...this.account, ...this.userinfoExtras })
  }
}

function prune(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined))
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" })
  res.end(JSON.stringify(body))
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ""
    req.setEncoding("utf8")
    req.on("data", (chunk: string) => (text += chunk))
    req.on("end", () => resolve(text))
    req.on("error", reject)
  })
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
}

function unescapeHtml(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")
}
