/**
 * A loopback OpenID Provider for phase (c): discovery, `/authorize` (answers at once with a code), `/token` (checks the
 * client, the code and PKCE; an RS256 ID token signed with `jose`), `/jwks`, `/userinfo`. Any of `discovery`, `jwks`
 * and `token` can be set to hang: the request is accepted and never answered, as a provider behind a dead load
 * balancer would do.
 */
import { createHash, randomBytes } from "node:crypto"
import { createServer } from "node:http"
import { exportJWK, generateKeyPair, SignJWT } from "jose"

export const OP_CLIENT = { id: "soak-op-client", secret: "soak-op-secret" }
export const OP_ACCOUNT = { sub: "soak-op-user", email: "op.user@soak.example", name: "OP User" }

export class LoopbackOp {
  /** Endpoints that never answer. */
  hang = new Set()
  /** Requests per path. */
  counts = new Map()
  /** Hung responses, by endpoint. */
  #hanging = new Map()
  #codes = new Map()

  static async start() {
    const op = new LoopbackOp()
    const { privateKey, publicKey } = await generateKeyPair("RS256")
    op.key = { kid: `soak-${randomBytes(4).toString("hex")}`, privateKey, publicJwk: await exportJWK(publicKey) }
    op.server = createServer((req, res) => void op.#handle(req, res).catch((error) => res.writeHead(500).end(String(error))))
    await new Promise((resolve) => op.server.listen(0, "127.0.0.1", resolve))
    op.issuer = `http://127.0.0.1:${op.server.address().port}`
    return op
  }

  /** Stops hanging at `endpoint` (default: everywhere): its hung requests are dropped (their sockets destroyed). */
  recover(endpoint) {
    for (const [res, at] of this.#hanging) {
      if (endpoint !== undefined && at !== endpoint) continue
      res.destroy()
      this.#hanging.delete(res)
    }
    if (endpoint === undefined) this.hang.clear()
    else this.hang.delete(endpoint)
  }

  async close() {
    this.recover()
    this.server.closeAllConnections()
    await new Promise((resolve) => this.server.close(resolve))
  }

  async #handle(req, res) {
    const url = new URL(req.url, this.issuer)
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    const body = new URLSearchParams(Buffer.concat(chunks).toString())
    const endpoint = url.pathname === "/.well-known/openid-configuration" ? "discovery" : url.pathname.slice(1)
    this.counts.set(endpoint, (this.counts.get(endpoint) ?? 0) + 1)
    if (this.hang.has(endpoint)) {
      this.#hanging.set(res, endpoint)
      return
    }
    const json = (status, value) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value))
    switch (endpoint) {
      case "discovery":
        return json(200, {
          issuer: this.issuer,
          authorization_endpoint: `${this.issuer}/authorize`,
          token_endpoint: `${this.issuer}/token`,
          userinfo_endpoint: `${this.issuer}/userinfo`,
          jwks_uri: `${this.issuer}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          code_challenge_methods_supported: ["S256"],
          token_endpoint_auth_methods_supported: ["client_secret_basic"],
        })
      case "authorize": {
        const code = randomBytes(16).toString("base64url")
        const p = url.searchParams
        this.#codes.set(code, { nonce: p.get("nonce"), challenge: p.get("code_challenge"), redirectUri: p.get("redirect_uri") })
        const target = new URL(p.get("redirect_uri"))
        target.searchParams.set("code", code)
        if (p.get("state")) target.searchParams.set("state", p.get("state"))
        return res.writeHead(302, { location: target.href }).end()
      }
      case "token": {
        const [id, secret] = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString().split(":").map(decodeURIComponent)
        if (id !== OP_CLIENT.id || secret !== OP_CLIENT.secret) return json(401, { error: "invalid_client" })
        const issued = this.#codes.get(body.get("code") ?? "")
        this.#codes.delete(body.get("code") ?? "")
        const verifier = createHash("sha256").update(body.get("code_verifier") ?? "").digest("base64url")
        if (!issued || issued.redirectUri !== body.get("redirect_uri") || verifier !== issued.challenge) return json(400, { error: "invalid_grant" })
        const idToken = await new SignJWT({ nonce: issued.nonce ?? undefined, email: OP_ACCOUNT.email, name: OP_ACCOUNT.name })
          .setProtectedHeader({ alg: "RS256", kid: this.key.kid })
          .setIssuer(this.issuer)
          .setSubject(OP_ACCOUNT.sub)
          .setAudience(OP_CLIENT.id)
          .setIssuedAt()
          .setExpirationTime("5m")
          .sign(this.key.privateKey)
        return json(200, { access_token: randomBytes(12).toString("hex"), token_type: "Bearer", expires_in: 3600, id_token: idToken })
      }
      case "jwks":
        return json(200, { keys: [{ ...this.key.publicJwk, kid: this.key.kid, use: "sig", alg: "RS256" }] })
      case "userinfo":
        return json(200, { ...OP_ACCOUNT })
      default:
        return json(404, { error: "not_found" })
    }
  }
}
