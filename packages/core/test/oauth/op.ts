/**
 * A real OpenID Provider for the OAuth tests: `oidc-provider` on 127.0.0.1 (plain http, allowed for loopback), with a
 * `client_secret_basic` and a `client_secret_post` client, PKCE required, and login + consent completed
 * programmatically by a test user agent (`authorize`). Between logins its signing key can be rotated (`rotateKeys`,
 * which swaps in a new `Provider` with a new JWKS) and its userinfo endpoint can be made to answer for another `sub`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { exportJWK, generateKeyPair, type JWK } from "jose"
import type Provider from "oidc-provider"
import type { OIDCConfig } from "@gatehousejs/core"
import { BASE, ORIGIN } from "../helpers/auth.js"

// oidc-provider warns "Unsupported runtime. Use Node.js v22.x LTS" at import on Node 20, which this project supports
// (engines >=20.18): that one line is dropped while it loads, so the test output shows only what matters.
const warn = console.warn
console.warn = (...args: unknown[]) => void (String(args[0]).includes("oidc-provider WARNING: Unsupported runtime") || warn.apply(console, args))
const OidcProvider = await import("oidc-provider").then((module) => module.default).finally(() => (console.warn = warn))

export interface OpAccount {
  sub: string
  email: string
  name: string
  picture: string
}

export interface OpOptions {
  /**
   * Put the `profile`/`email` claims into the ID token too (oidc-provider `conformIdTokenClaims: false`). With `false`
   * they come from userinfo only, as OIDC Core §5.4 intends for the code flow. Default true.
   */
  claimsInIdToken?: boolean
  /**
   * Issue refresh tokens, rotated at every use (a spent one is refused and revokes the whole grant, as oidc-provider
   * does), with access tokens of `accessTokenTtl` seconds. Default: no refresh tokens, one-hour access tokens.
   */
  refresh?: { accessTokenTtl: number }
}

/** Where the OP sends the browser back: our callback for each provider id the tests use, and the redirect proxy's. */
const CALLBACK_IDS = ["op", "op2"]
export const REDIRECT_URIS = [
  ...CALLBACK_IDS.map((id) => `${ORIGIN}${BASE}/callback/${id}`),
  ...CALLBACK_IDS.map((id) => `https://proxy.example${BASE}/callback/${id}`),
]

/** A secret with `:`, `+` and `%`: RFC 6749 §2.3.1 form-encoding before base64 matters (OA-15). */
export const BASIC_SECRET = "b4s1c:secret+with%25-and:colons"

export interface OpRequest {
  method: string
  path: string
  authorization: string | undefined
}

export class TestOp {
  readonly clients = {
    basic: { clientId: "gatehouse-basic", clientSecret: BASIC_SECRET },
    post: { clientId: "gatehouse-post", clientSecret: "p0st-secret" },
  }
  readonly accounts = new Map<string, OpAccount>()
  /** The OP account the next `authorize` logs in as. */
  loginAs = "op-user-alice"
  /** When set, `/me` (userinfo) answers with this `sub` instead of the real one (OA-14). */
  userinfoSub: string | undefined
  /** Every request the OP received, in order. */
  readonly requests: OpRequest[] = []
  /** Key ids in the order they were in use; the last one signs. */
  readonly kids: string[] = []

  private provider!: Provider
  private constructor(
    readonly issuer: string,
    private readonly server: Server,
    private readonly options: OpOptions,
  ) {
    this.addAccount({ sub: "op-user-alice", email: "alice.op@example.com", name: "Alice OP", picture: "https://img.example/alice.png" })
    this.addAccount({ sub: "op-user-bob", email: "bob.op@example.com", name: "Bob OP", picture: "https://img.example/bob.png" })
  }

  static async start(options: OpOptions = {}): Promise<TestOp> {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const op = new TestOp(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, options)
    await op.rotateKeys()
    server.on("request", (req: IncomingMessage, res: ServerResponse) => void op.handle(req, res))
    return op
  }

  addAccount(account: OpAccount): void {
    this.accounts.set(account.sub, account)
  }

  /** Requests to `path` (e.g. "/token", "/me", "/jwks") so far. */
  count(path: string): number {
    return this.requests.filter((r) => r.path === path).length
  }

  /** A fresh RSA signing key; the previous one disappears from the JWKS (a hard rotation). */
  async rotateKeys(): Promise<void> {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true })
    const jwk: JWK = { ...(await exportJWK(privateKey)), kid: `key-${this.kids.length + 1}-${Math.random().toString(36).slice(2, 8)}`, use: "sig", alg: "RS256" }
    this.kids.push(jwk.kid!)
    this.provider = this.createProvider(jwk)
  }

  /** The Gatehouse provider for this OP: `op`, OIDC, discovery by issuer, all three checks. */
  gatehouseProvider(overrides: Partial<OIDCConfig> = {}): OIDCConfig {
    return {
      id: "op",
      name: "Test OP",
      type: "oidc",
      issuer: this.issuer,
      clientId: this.clients.basic.clientId,
      clientSecret: this.clients.basic.clientSecret,
      checks: ["pkce", "state", "nonce"],
      ...overrides,
    }
  }

  /**
   * The test user agent at the OP: opens the authorization URL, completes login and consent for `loginAs`, and
   * follows redirects until the OP sends it back to one of our callbacks. Returns that callback URL (code, state, iss).
   */
  async authorize(authorizationUrl: URL | string): Promise<URL> {
    const jar = new Map<string, string>()
    let url = new URL(authorizationUrl)
    for (let hop = 0; hop < 12; hop++) {
      if (REDIRECT_URIS.some((uri) => url.href.startsWith(`${uri}?`))) return url
      if (url.origin !== this.issuer) throw new Error(`the OP sent the user agent to ${url.href}`)
      const response = await fetch(url, {
        redirect: "manual",
        headers: jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } : {},
      })
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";")
        const eq = pair!.indexOf("=")
        const value = pair!.slice(eq + 1)
        if (value) jar.set(pair!.slice(0, eq), value)
        else jar.delete(pair!.slice(0, eq))
      }
      const next = response.headers.get("location")
      if (!next) throw new Error(`the OP answered ${response.status} at ${url.pathname}: ${(await response.text()).slice(0, 500)}`)
      await response.body?.cancel()
      url = new URL(next, url)
    }
    throw new Error("too many redirects at the OP")
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private grantTypes(): string[] {
    return this.options.refresh ? ["authorization_code", "refresh_token"] : ["authorization_code"]
  }

  private createProvider(signingKey: JWK): Provider {
    const provider = new OidcProvider(this.issuer, {
      clients: [
        {
          client_id: this.clients.basic.clientId,
          client_secret: this.clients.basic.clientSecret,
          redirect_uris: REDIRECT_URIS,
          token_endpoint_auth_method: "client_secret_basic",
          grant_types: this.grantTypes(),
          response_types: ["code"],
        },
        {
          client_id: this.clients.post.clientId,
          client_secret: this.clients.post.clientSecret,
          redirect_uris: REDIRECT_URIS,
          token_endpoint_auth_method: "client_secret_post",
          grant_types: this.grantTypes(),
          response_types: ["code"],
        },
      ],
      jwks: { keys: [signingKey] },
      cookies: { keys: ["op-cookie-key-for-tests-only"] },
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
      conformIdTokenClaims: this.options.claimsInIdToken === false,
      pkce: { required: () => true },
      ttl: { AccessToken: this.options.refresh?.accessTokenTtl ?? 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Grant: 3600, Session: 3600, RefreshToken: 3600 },
      ...(this.options.refresh ? { issueRefreshToken: async () => true, rotateRefreshToken: true } : {}),
      responseTypes: ["code"],
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx: unknown, sub: string) => {
        const account = this.accounts.get(sub)
        if (!account) return undefined
        return { accountId: sub, claims: () => ({ ...account, email_verified: true }) }
      },
    })
    provider.on("server_error", (_ctx: unknown, error: unknown) => console.error("[test-op] server_error", error))
    return provider
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.issuer)
    this.requests.push({ method: req.method ?? "GET", path: url.pathname, authorization: req.headers.authorization })
    try {
      if (url.pathname.startsWith("/interaction/")) return await this.finishInteraction(req, res)
      if (url.pathname === "/me" && this.userinfoSub !== undefined) {
        const account = this.accounts.get(this.loginAs)
        res.writeHead(200, { "content-type": "application/json" })
        res.end(JSON.stringify({ ...account, sub: this.userinfoSub }))
        return
      }
      this.provider.callback()(req, res)
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" })
      res.end(String(error))
    }
  }

  /** The login + consent "pages": the user `loginAs` signs in and grants every requested scope. */
  private async finishInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const provider = this.provider
    const details = await provider.interactionDetails(req, res)
    const grant = new provider.Grant({ accountId: this.loginAs, clientId: details.params.client_id })
    grant.addOIDCScope(String(details.params.scope ?? "openid"))
    const grantId = await grant.save()
    await provider.interactionFinished(req, res, { login: { accountId: this.loginAs }, consent: { grantId } }, { mergeWithLastSubmission: false })
  }
}
