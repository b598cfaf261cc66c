/**
 * The OIDC code flow end to end against a real OpenID Provider (`oidc-provider`, see `op.ts`): discovery, the
 * authorization request, login and consent at the OP, the callback, the token exchange with either client
 * authentication method, ID token validation with key rotation, userinfo, and what Gatehouse then does with the
 * result (the session, the stable `sub`, users and accounts in the adapter, events, `pages.newUser`).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { customFetch, Gatehouse, type AuthConfig, type OIDCConfig } from "@gatehousejs/core"
import type { JWTCallbackParams } from "@gatehousejs/core/config/auth-config"
import { clearDiscoveryCache } from "@gatehousejs/core/oauth/server"
import { BASE, Browser, ORIGIN } from "../helpers/auth.js"
import { memoryAdapter, recordingLogger, setCookie, testConfig, type MemoryAdapter } from "../security/helpers.js"
import { CHECK_COOKIES, deliver, expectSignedIn, recordingFetch, startSignIn, type RecordedRequest } from "./flow.js"
import { TestOp } from "./op.js"

let op: TestOp
/** An OP that, as OIDC Core §5.4 intends for the code flow, returns the profile and email claims from userinfo only. */
let userinfoOnlyOp: TestOp

beforeAll(async () => {
  ;[op, userinfoOnlyOp] = await Promise.all([TestOp.start(), TestOp.start({ claimsInIdToken: false })])
})
afterAll(async () => {
  await Promise.all([op.close(), userinfoOnlyOp.close()])
})
beforeEach(() => {
  clearDiscoveryCache()
  op.loginAs = "op-user-alice"
})

interface Rig {
  browser: Browser
  config: AuthConfig
  fetched: RecordedRequest[]
  log: ReturnType<typeof recordingLogger>
  /** What the `jwt` callback saw at each sign-in. */
  jwtCalls: JWTCallbackParams[]
}

function rig(provider: OIDCConfig, extra: Partial<AuthConfig> = {}): Rig {
  const log = recordingLogger()
  const recorder = recordingFetch()
  const jwtCalls: JWTCallbackParams[] = []
  const config = testConfig({
    logger: log.logger,
    providers: [{ ...provider, [customFetch]: recorder.fetch }],
    callbacks: {
      jwt: (params) => {
        if (params.trigger === "signIn" || params.trigger === "signUp") jwtCalls.push(params)
        return params.token
      },
    },
    ...extra,
  })
  return { browser: new Browser(config), config, fetched: recorder.calls, log, jwtCalls }
}

/** One complete sign-in at `at` (default: `op`): the callback's response. */
async function signIn(r: Rig, at: TestOp = op, providerId = "op"): Promise<Response> {
  const { authorizationUrl } = await startSignIn(r.browser, providerId)
  expect(authorizationUrl, `sign-in redirects to the OP (log: ${r.log.text().slice(0, 300)})`).toBeDefined()
  return deliver(r.browser, await at.authorize(authorizationUrl!))
}

async function sessionUser(browser: Browser): Promise<Record<string, unknown> | undefined> {
  const session = (await browser.session()) as { user?: Record<string, unknown> } | null
  return session?.user
}

// ---------------------------------------------------------------------------------------------------------------------

describe("OA-01 the happy path", () => {
  it("OA-01 discovery asks for exactly <issuer>/.well-known/openid-configuration, once, and the sign-in reaches the OP", async () => {
    const r = rig(op.gatehouseProvider())
    const { authorizationUrl } = await startSignIn(r.browser, "op")
    expect(r.fetched.map((f) => `${f.method} ${f.url.href}`)).toEqual([`GET ${op.issuer}/.well-known/openid-configuration`])
    expect(authorizationUrl?.href.startsWith(`${op.issuer}/auth?`)).toBe(true)
    // Cached: a second sign-in does not fetch the document again.
    await startSignIn(r.browser, "op")
    expect(r.fetched.filter((f) => f.url.pathname.endsWith("/openid-configuration"))).toHaveLength(1)
  })

  it("OA-01 the authorization request: response_type=code, scope ⊇ openid, state, nonce, S256 challenge, the exact redirect_uri", async () => {
    const r = rig(op.gatehouseProvider())
    const { response, authorizationUrl } = await startSignIn(r.browser, "op")
    // RFC 9700 §4.12: a POST is answered with 302/303, never 307/308.
    expect(response.status).toBe(302)
    const params = authorizationUrl!.searchParams
    expect(`${authorizationUrl!.origin}${authorizationUrl!.pathname}`).toBe(`${op.issuer}/auth`)
    expect(params.get("response_type")).toBe("code")
    expect(params.get("client_id")).toBe(op.clients.basic.clientId)
    expect(params.get("scope")!.split(" ")).toContain("openid")
    expect(params.get("redirect_uri")).toBe(`${ORIGIN}${BASE}/callback/op`)
    expect(params.get("code_challenge_method")).toBe("S256")
    expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/)
    for (const name of ["state", "nonce"]) expect(params.get(name)!.length, name).toBeGreaterThanOrEqual(22)
    for (const name of ["state", "nonce", "code_challenge"]) expect(params.getAll(name), name).toHaveLength(1)
    for (const name of CHECK_COOKIES) {
      const cookie = setCookie(response, name)
      expect(cookie, name).toBeDefined()
      expect(cookie!.attributes.httponly, `${name} HttpOnly`).toBe(true)
      expect(cookie!.attributes.secure, `${name} Secure`).toBe(true)
      expect(String(cookie!.attributes.samesite).toLowerCase(), `${name} SameSite`).toBe("lax")
      const expires = Date.parse(String(cookie!.attributes.expires))
      expect(expires - Date.now(), `${name} lives 15 minutes`).toBeGreaterThan(14 * 60_000)
      expect(expires - Date.now(), `${name} lives 15 minutes`).toBeLessThanOrEqual(15 * 60_000 + 1000)
    }
  })

  it("OA-01 the callback creates the session with the OP's name and email, clears the check cookies, and uses the same redirect_uri at the token endpoint", async () => {
    const r = rig(op.gatehouseProvider())
    const { authorizationUrl } = await startSignIn(r.browser, "op")
    const callback = await op.authorize(authorizationUrl!)
    expect(callback.searchParams.get("iss")).toBe(op.issuer)
    const response = await deliver(r.browser, callback)
    expectSignedIn(response)
    expect(await sessionUser(r.browser)).toEqual({ name: "Alice OP", email: "alice.op@example.com", image: "https://img.example/alice.png" })
    const token = r.fetched.find((f) => f.url.pathname === "/token")!
    const body = new URLSearchParams(token.body)
    expect(body.get("grant_type")).toBe("authorization_code")
    expect(body.get("code")).toBe(callback.searchParams.get("code"))
    // RFC 9700 §2.1: byte-identical redirect_uri in the authorization and token requests.
    expect(body.get("redirect_uri")).toBe(authorizationUrl!.searchParams.get("redirect_uri"))
    // RFC 7636 §4.1: a verifier of at least 43 characters.
    expect(body.get("code_verifier")!.length).toBeGreaterThanOrEqual(43)
  })

  it("RFC 9700 §4.2: the callback response is not cacheable and sends no referrer", async () => {
    const r = rig(op.gatehouseProvider())
    const response = await signIn(r)
    expectSignedIn(response)
    expect(response.headers.get("cache-control")).toMatch(/no-store/)
    expect(response.headers.get("referrer-policy") ?? "(none)").toMatch(/^(no-referrer|strict-origin|same-origin)/)
  })
})

describe("client authentication at the token endpoint", () => {
  it("client_secret_basic (the default): an Authorization: Basic header, no secret in the body", async () => {
    const r = rig(op.gatehouseProvider())
    expectSignedIn(await signIn(r))
    const token = r.fetched.find((f) => f.url.pathname === "/token")!
    expect(token.headers.get("authorization")).toMatch(/^Basic /)
    expect(new URLSearchParams(token.body).has("client_secret")).toBe(false)
  })

  it("client_secret_post: client_id and client_secret in the body, no Authorization header", async () => {
    const { clientId, clientSecret } = op.clients.post
    const r = rig(op.gatehouseProvider({ clientId, clientSecret, client: { token_endpoint_auth_method: "client_secret_post" } }))
    expectSignedIn(await signIn(r))
    const token = r.fetched.find((f) => f.url.pathname === "/token")!
    expect(token.headers.has("authorization")).toBe(false)
    const body = new URLSearchParams(token.body)
    expect(body.get("client_id")).toBe(clientId)
    expect(body.get("client_secret")).toBe(clientSecret)
    expect(await sessionUser(r.browser)).toMatchObject({ name: "Alice OP" })
  })
})

describe("userinfo", () => {
  it("idToken: false fetches userinfo (Bearer header) and takes the profile from it", async () => {
    const r = rig(userinfoOnlyOp.gatehouseProvider({ idToken: false }))
    const before = userinfoOnlyOp.count("/me")
    expectSignedIn(await signIn(r, userinfoOnlyOp))
    expect(userinfoOnlyOp.count("/me")).toBe(before + 1)
    const userinfo = r.fetched.find((f) => f.url.pathname === "/me")!
    expect(userinfo.headers.get("authorization")).toMatch(/^Bearer \S+$/)
    expect(userinfo.url.search).toBe("")
    expect(await sessionUser(r.browser)).toEqual({ name: "Alice OP", email: "alice.op@example.com", image: "https://img.example/alice.png" })
  })

  it("rp-scope-userinfo-claims (catalog §1.1 #13): claims the OP serves only from userinfo reach the session; the ID token sub stays authoritative", async () => {
    const r = rig(userinfoOnlyOp.gatehouseProvider())
    expectSignedIn(await signIn(r, userinfoOnlyOp))
    expect(await sessionUser(r.browser)).toMatchObject({ name: "Alice OP", email: "alice.op@example.com" })
    expect(r.jwtCalls[0]!.account!.providerAccountId).toBe("op-user-alice")
  })
})

describe("OA-12 signing-key rotation", () => {
  it("OA-12 OP keys rotated between two logins (JWKS cache older than 60 s): the second login succeeds after one JWKS refetch", async () => {
    // Only `Date` is frozen: the engine, oauth4webapi's JWKS cache and the OP (same process) all read this clock.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() })
    try {
      const r = rig(op.gatehouseProvider())
      const jwks0 = op.count("/jwks")
      expectSignedIn(await signIn(r))
      const jwks1 = op.count("/jwks")
      expect(jwks1 - jwks0).toBeLessThanOrEqual(1)
      const oldKid = op.kids.at(-1)!
      await op.rotateKeys()
      vi.setSystemTime(Date.now() + 61_000)
      const fresh = new Browser(r.config)
      const { authorizationUrl } = await startSignIn(fresh, "op")
      expectSignedIn(await deliver(fresh, await op.authorize(authorizationUrl!)))
      expect(op.count("/jwks") - jwks1, "one JWKS refetch").toBe(1)
      const kidOf = (params: JWTCallbackParams): string =>
        (JSON.parse(Buffer.from(String(params.account!.id_token).split(".")[0]!, "base64url").toString()) as { kid: string }).kid
      expect(kidOf(r.jwtCalls[0]!)).toBe(oldKid)
      expect(kidOf(r.jwtCalls[1]!)).toBe(op.kids.at(-1))
      expect(op.kids.at(-1)).not.toBe(oldKid)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe("who signs in", () => {
  it("without an adapter, the session sub is stable across two sign-ins of the same OP account, and differs for another", async () => {
    const r = rig(op.gatehouseProvider())
    expectSignedIn(await signIn(r))
    const second = new Browser(r.config)
    const { authorizationUrl } = await startSignIn(second, "op")
    expectSignedIn(await deliver(second, await op.authorize(authorizationUrl!)))
    op.loginAs = "op-user-bob"
    const third = new Browser(r.config)
    const started = await startSignIn(third, "op")
    expectSignedIn(await deliver(third, await op.authorize(started.authorizationUrl!)))

    const subs = r.jwtCalls.map((c) => c.token.sub)
    expect(subs[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(subs[1]).toBe(subs[0])
    expect(subs[2]).not.toBe(subs[0])
    expect(r.jwtCalls.map((c) => c.account!.providerAccountId)).toEqual(["op-user-alice", "op-user-alice", "op-user-bob"])
  })

  describe("with the in-memory adapter (JWT sessions)", () => {
    let adapter: MemoryAdapter
    const events = { createUser: vi.fn(), linkAccount: vi.fn(), signIn: vi.fn() }
    beforeEach(() => {
      adapter = memoryAdapter([])
      for (const spy of Object.values(events)) spy.mockClear()
    })

    it("creates a user and an account row on the first sign-in and reuses them on the second; jwt sees signUp then signIn; events carry their fields", async () => {
      const r = rig(op.gatehouseProvider(), { adapter, session: { strategy: "jwt" }, events })
      expectSignedIn(await signIn(r))
      expect(adapter.users.size).toBe(1)
      expect(adapter.accounts.size).toBe(1)
      const [user] = [...adapter.users.values()]
      const account = adapter.accounts.get("op:op-user-alice") as Record<string, unknown> | undefined
      expect(user).toMatchObject({ email: "alice.op@example.com", name: "Alice OP", image: "https://img.example/alice.png", emailVerified: null })
      expect(account).toMatchObject({ provider: "op", type: "oidc", providerAccountId: "op-user-alice", userId: user!.id, token_type: "bearer" })
      expect(typeof account!.access_token).toBe("string")
      expect(typeof account!.id_token).toBe("string")
      expect(typeof account!.expires_at).toBe("number")

      expect(r.jwtCalls[0]).toMatchObject({ trigger: "signUp", isNewUser: true, user: { id: user!.id } })
      expect(r.jwtCalls[0]!.token.sub).toBe(user!.id)
      expect(events.createUser).toHaveBeenCalledTimes(1)
      expect(events.createUser.mock.calls[0]![0]).toMatchObject({ user: { id: user!.id, email: "alice.op@example.com" } })
      expect(events.linkAccount).toHaveBeenCalledTimes(1)
      expect(events.linkAccount.mock.calls[0]![0]).toMatchObject({
        user: { id: user!.id },
        account: { provider: "op", providerAccountId: "op-user-alice", userId: user!.id },
        profile: { email: "alice.op@example.com" },
      })
      expect(events.signIn).toHaveBeenCalledTimes(1)
      expect(events.signIn.mock.calls[0]![0]).toMatchObject({
        user: { id: user!.id },
        account: { provider: "op", providerAccountId: "op-user-alice" },
        profile: { sub: "op-user-alice", email: "alice.op@example.com" },
        isNewUser: true,
      })

      const again = new Browser(r.config)
      const { authorizationUrl } = await startSignIn(again, "op")
      expectSignedIn(await deliver(again, await op.authorize(authorizationUrl!)))
      expect(adapter.users.size).toBe(1)
      expect(adapter.accounts.size).toBe(1)
      expect(adapter.calls.filter((c) => c === "createUser" || c === "linkAccount")).toEqual(["createUser", "linkAccount"])
      expect(r.jwtCalls[1]).toMatchObject({ trigger: "signIn", isNewUser: false, user: { id: user!.id } })
      expect(r.jwtCalls[1]!.token.sub).toBe(user!.id)
      expect(events.createUser).toHaveBeenCalledTimes(1)
      expect(events.linkAccount).toHaveBeenCalledTimes(1)
      expect(events.signIn).toHaveBeenCalledTimes(2)
      expect(events.signIn.mock.calls[1]![0]).toMatchObject({ user: { id: user!.id }, isNewUser: false })
    })

    it("pages.newUser: a new user is sent there (with the callbackUrl), a returning one to the callbackUrl", async () => {
      const r = rig(op.gatehouseProvider(), { adapter, session: { strategy: "jwt" }, pages: { newUser: "/welcome" } })
      const first = await signIn(r)
      expect(first.status).toBe(302)
      const target = new URL(first.headers.get("location")!)
      expect(`${target.origin}${target.pathname}`).toBe(`${ORIGIN}/welcome`)
      expect(target.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/dashboard`)
      const again = new Browser(r.config)
      const { authorizationUrl } = await startSignIn(again, "op")
      expectSignedIn(await deliver(again, await op.authorize(authorizationUrl!)))
    })
  })
})

describe("server-side signIn()", () => {
  it("authorizationParams from Gatehouse().signIn(request, 'op', { redirect: false }, { prompt: 'login' }) appear on the authorization URL, and the flow completes", async () => {
    const r = rig(op.gatehouseProvider())
    const { signIn: serverSignIn } = Gatehouse(r.config)
    const result = await serverSignIn(new Request(`${ORIGIN}/account`), "op", { redirect: false, redirectTo: "/after" }, { prompt: "login" })
    const url = new URL(result.url)
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/auth`)
    expect(url.searchParams.get("prompt")).toBe("login")
    expect(url.searchParams.get("code_challenge_method")).toBe("S256")
    r.browser.store({ headers: result.headers } as Response)
    for (const name of CHECK_COOKIES) expect(r.browser.jar.has(name), name).toBe(true)
    expectSignedIn(await deliver(r.browser, await op.authorize(url)), `${ORIGIN}/after`)
  })
})
