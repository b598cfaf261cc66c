/**
 * The refresh_token grant against a misbehaving OP on loopback (rogue-op.ts): rotation, a provider that keeps its
 * refresh token, client authentication, a refused or spent token (permanent), a new ID token for another subject
 * (OA-28) or badly signed (permanent), a token endpoint that hangs or answers HTML (TR-04: transient, within the
 * provider time-out), `refresh: false`, and a provider that refreshes at another URL with more parameters.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { RefreshTokenError } from "../../src/errors.js"
import { providerTimeoutMs } from "../../src/oauth/http.js"
import { clearDiscoveryCache } from "../../src/oauth/server.js"
import type { OAuthConfigInternal } from "../../src/providers/types.js"
import { refreshGrant } from "../../src/token-refresh/grant.js"
import { RogueOp } from "../oauth/rogue-op.js"

let rogue: RogueOp
beforeAll(async () => {
  rogue = await RogueOp.start()
})
afterAll(() => rogue.close())
beforeEach(async () => {
  // The OP gets new signing keys for every test: no key set cached from the previous one.
  clearDiscoveryCache()
  await rogue.reset()
  rogue.issueRefreshToken = true
})

const SUBJECT = "rogue-user-1"

function oidc(overrides: Record<string | symbol, unknown> = {}): OAuthConfigInternal {
  return rogue.oidcProvider(overrides as never) as OAuthConfigInternal
}

/** A refresh token the OP will accept once. */
function seed(): string {
  const token = `rt-seed-${Math.random().toString(36).slice(2)}`
  rogue.refreshTokens.add(token)
  return token
}

async function refusal(promise: Promise<unknown>): Promise<RefreshTokenError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(RefreshTokenError)
  return error as RefreshTokenError
}

describe("refreshGrant", () => {
  it("exchanges the refresh token at the token endpoint with client authentication, and returns the rotated one", async () => {
    const old = seed()
    const tokens = await refreshGrant(oidc(), { refresh_token: old, providerAccountId: SUBJECT })
    expect(tokens.access_token).toMatch(/^at-/)
    expect(tokens.refresh_token).toMatch(/^rt-/)
    expect(tokens.refresh_token).not.toBe(old)
    expect(tokens.token_type).toBe("bearer")
    expect(tokens.expires_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 3590)
    const request = rogue.requests.find((r) => r.path === "/token")!
    expect(new URLSearchParams(request.body).get("grant_type")).toBe("refresh_token")
    expect(new URLSearchParams(request.body).get("refresh_token")).toBe(old)
    expect(String(request.headers.authorization)).toMatch(/^Basic /)
  })

  it("a provider that does not rotate keeps the refresh token it has", async () => {
    rogue.issueRefreshToken = false
    const old = seed()
    const tokens = await refreshGrant(oidc(), { refresh_token: old, providerAccountId: SUBJECT })
    expect(tokens.refresh_token).toBe(old)
  })

  it("a spent (rotated away) refresh token is refused for good: invalid_grant is permanent", async () => {
    const old = seed()
    await refreshGrant(oidc(), { refresh_token: old, providerAccountId: SUBJECT })
    const error = await refusal(refreshGrant(oidc(), { refresh_token: old, providerAccountId: SUBJECT }))
    expect(error.permanent).toBe(true)
    expect(error.message).toContain("invalid_grant")
  })

  it("OA-28 a refreshed ID token naming another subject is rejected, and the tokens with it discarded", async () => {
    rogue.idToken = { claims: { sub: "someone-else" } }
    const error = await refusal(refreshGrant(oidc(), { refresh_token: seed(), providerAccountId: SUBJECT }))
    expect(error.permanent).toBe(true)
    expect(error.message).toMatch(/another subject/)
  })

  it("OA-28 a refreshed ID token with a broken signature is rejected", async () => {
    rogue.idToken = { signature: "corrupt" }
    const error = await refusal(refreshGrant(oidc(), { refresh_token: seed(), providerAccountId: SUBJECT }))
    expect(error.permanent).toBe(true)
  })

  it("TR-04 a token endpoint that hangs: a transient failure at the provider time-out, nothing handed out", async () => {
    rogue.tokenAnswer = "hang"
    const started = Date.now()
    const error = await refusal(refreshGrant(oidc({ [providerTimeoutMs]: 300 }), { refresh_token: seed(), providerAccountId: SUBJECT }))
    expect(error.permanent).toBe(false)
    expect(Date.now() - started).toBeLessThan(5_000)
    rogue.releaseHanging()
  })

  it.each([
    ["a 502 HTML page", 502],
    ["an HTML page with 200", 200],
  ])("TR-04 %s instead of tokens: a transient failure", async (_, status) => {
    const old = seed()
    rogue.tokenAnswer = { status, contentType: "text/html", body: "<html><body>Bad gateway</body></html>" }
    const error = await refusal(refreshGrant(oidc(), { refresh_token: old, providerAccountId: SUBJECT }))
    expect(error.permanent).toBe(false)
  })

  it("refresh: false never calls the provider", async () => {
    const error = await refusal(refreshGrant(oidc({ refresh: false }), { refresh_token: seed(), providerAccountId: SUBJECT }))
    expect(error.permanent).toBe(true)
    expect(rogue.count("/token")).toBe(0)
  })

  it("refresh.url and refresh.params: another endpoint (its query sent along) and more parameters", async () => {
    rogue.issueIdToken = false // a plain OAuth 2 server
    const provider = rogue.oauthProvider({ refresh: { url: `${rogue.issuer}/token?tenant=acme`, params: { resource: "https://api.example", client: ({ clientId }: { clientId?: string }) => clientId } } } as never)
    const tokens = await refreshGrant(provider as OAuthConfigInternal, { refresh_token: seed(), providerAccountId: "whoever" })
    expect(tokens.access_token).toMatch(/^at-/)
    const body = new URLSearchParams(rogue.requests.find((r) => r.path === "/token")!.body)
    expect(body.get("tenant")).toBe("acme")
    expect(body.get("resource")).toBe("https://api.example")
    expect(body.get("client")).toBe(rogue.clientId)
  })

  it("an account without a refresh token is refused without a request", async () => {
    const error = await refusal(refreshGrant(oidc(), { refresh_token: "", providerAccountId: SUBJECT }))
    expect(error.permanent).toBe(true)
    expect(rogue.count("/token")).toBe(0)
  })
})
