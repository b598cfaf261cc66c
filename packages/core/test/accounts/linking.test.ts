/**
 * Which user an OAuth account signs in as, with a database (Auth.js `handleLoginOrRegister` rules,
 * docs/design.md#account-linking-and-provider-hooks), and session-token rotation at sign-in (no fixation, CS-03).
 */
import { customFetch, type AuthConfig, type OAuthConfig } from "@gatehousejs/core"
import { describe, expect, it, vi } from "vitest"
import { createMemoryStore, MemoryAdapter, type MemoryStore } from "../../../adapter-test/test/memory-adapter.js"
import { Browser, ORIGIN, testConfig } from "../helpers/auth.js"

const SESSION = "__Secure-authjs.session-token"

/** An OAuth 2 provider answered in-process through its `[customFetch]`; `profile` is what its userinfo returns. */
function idp(id: string, profile: () => Record<string, unknown>, extra: Partial<OAuthConfig> = {}): OAuthConfig {
  return {
    id,
    name: id,
    type: "oauth",
    clientId: "cid",
    clientSecret: "secret",
    checks: ["state"],
    authorization: `https://${id}.example/authorize`,
    token: `https://${id}.example/token`,
    userinfo: `https://${id}.example/me`,
    [customFetch]: async (input: string | URL | Request) => {
      const url = new URL(input instanceof Request ? input.url : input)
      if (url.pathname === "/token") return Response.json({ access_token: `at-${id}`, token_type: "Bearer", expires_in: 3600 })
      if (url.pathname === "/me") return Response.json(profile())
      return new Response("not found", { status: 404 })
    },
    ...extra,
  } as OAuthConfig
}

async function oauthSignIn(browser: Browser, providerId: string): Promise<Response> {
  const csrfToken = await browser.csrfToken()
  const start = await browser.request(`/signin/${providerId}`, { body: { csrfToken, callbackUrl: "/home" } })
  const state = new URL(start.headers.get("location")!).searchParams.get("state")!
  return browser.request(`/callback/${providerId}?code=c&state=${encodeURIComponent(state)}`)
}

function world(overrides: Partial<AuthConfig> = {}, providers?: OAuthConfig[]) {
  const store: MemoryStore = createMemoryStore()
  const events = { createUser: vi.fn(), linkAccount: vi.fn(), signIn: vi.fn(), updateUser: vi.fn() }
  const jwt = vi.fn(({ token }) => token)
  const config = testConfig({
    adapter: MemoryAdapter(store),
    events,
    callbacks: { jwt },
    logger: { error: vi.fn(), warn: vi.fn(), debug: vi.fn() },
    providers: providers ?? [idp("alpha", () => ({ id: "a-1", name: "Ann", email: "ann@example.com" }))],
    ...overrides,
  })
  return { store, events, jwt, config }
}

describe("account resolution", () => {
  it("a first sign-in creates the user and links the account: createUser, linkAccount, signIn (isNewUser) and trigger signUp", async () => {
    const { store, events, config } = world({ session: { strategy: "jwt" } })
    const jwt = vi.fn(({ token }) => token)
    config.callbacks = { jwt }
    const response = await oauthSignIn(new Browser(config), "alpha")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/home`)
    expect(store.users.size).toBe(1)
    expect(store.accounts.size).toBe(1)
    const account = [...store.accounts.values()][0]!
    expect(account).toMatchObject({ provider: "alpha", providerAccountId: "a-1", type: "oauth", access_token: "at-alpha", token_type: "bearer" })
    expect(typeof account.expires_at).toBe("number")
    expect(events.createUser).toHaveBeenCalledTimes(1)
    expect(events.linkAccount).toHaveBeenCalledTimes(1)
    expect(events.signIn).toHaveBeenCalledWith(expect.objectContaining({ isNewUser: true }))
    expect(jwt.mock.calls[0]![0]).toMatchObject({ trigger: "signUp", isNewUser: true })
  })

  it("a second sign-in finds the same user; no createUser; trigger signIn", async () => {
    const { store, events, config } = world({ session: { strategy: "jwt" } })
    const jwt = vi.fn(({ token }) => token)
    config.callbacks = { jwt }
    await oauthSignIn(new Browser(config), "alpha")
    await oauthSignIn(new Browser(config), "alpha")
    expect(store.users.size).toBe(1)
    expect(events.createUser).toHaveBeenCalledTimes(1)
    expect(jwt.mock.calls[1]![0]).toMatchObject({ trigger: "signIn", isNewUser: false })
  })

  it("DB-04 same email from another provider without dangerous linking: OAuthAccountNotLinked, nothing linked", async () => {
    const { store, config } = world({}, [
      idp("alpha", () => ({ id: "a-1", name: "Ann", email: "ann@example.com" })),
      idp("beta", () => ({ id: "b-1", name: "Ann B", email: "ann@example.com" })),
    ])
    await oauthSignIn(new Browser(config), "alpha")
    const browser = new Browser(config)
    const response = await oauthSignIn(browser, "beta")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthAccountNotLinked`)
    expect(store.accounts.size).toBe(1)
    expect(browser.jar.has(SESSION)).toBe(false)
  })

  it("with allowDangerousEmailAccountLinking the account is linked to the existing user, and no createUser event fires", async () => {
    const { store, events, config } = world({}, [
      idp("alpha", () => ({ id: "a-1", name: "Ann", email: "ann@example.com" })),
      idp("beta", () => ({ id: "b-1", name: "Ann B", email: "ann@example.com" }), { allowDangerousEmailAccountLinking: true }),
    ])
    await oauthSignIn(new Browser(config), "alpha")
    events.createUser.mockClear()
    const response = await oauthSignIn(new Browser(config), "beta")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/home`)
    expect(store.users.size).toBe(1)
    expect(store.accounts.size).toBe(2)
    expect(events.createUser).not.toHaveBeenCalled()
    expect(events.linkAccount).toHaveBeenCalledTimes(2)
  })

  it("signed in, a new provider account is linked to the signed-in user", async () => {
    const { store, config } = world({}, [
      idp("alpha", () => ({ id: "a-1", name: "Ann", email: "ann@example.com" })),
      idp("beta", () => ({ id: "b-9", name: "Other", email: "other@example.com" })),
    ])
    const browser = new Browser(config)
    await oauthSignIn(browser, "alpha")
    await oauthSignIn(browser, "beta")
    expect(store.users.size).toBe(1)
    const owners = new Set([...store.accounts.values()].map((a) => a.userId))
    expect(owners.size).toBe(1)
  })

  it("signed in as one user, an account already linked to another user is OAuthAccountNotLinked", async () => {
    let who = { id: "a-1", name: "Ann", email: "ann@example.com" }
    const { config } = world({}, [idp("alpha", () => who), idp("beta", () => ({ id: "b-1", name: "Bob", email: "bob@example.com" }))])
    await oauthSignIn(new Browser(config), "beta")
    const browser = new Browser(config)
    who = { id: "a-2", name: "Ann 2", email: "ann2@example.com" }
    await oauthSignIn(browser, "alpha")
    const response = await oauthSignIn(browser, "beta")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthAccountNotLinked`)
  })

  it("DB-05 linkAccount failing after createUser leaves no orphan: the retry signs in", async () => {
    const { store, config } = world()
    const adapter = config.adapter!
    const link = adapter.linkAccount!.bind(adapter)
    let failures = 1
    adapter.linkAccount = (account) => {
      if (failures-- > 0) throw new Error("connection reset")
      return link(account)
    }
    const first = await oauthSignIn(new Browser(config), "alpha")
    expect(first.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
    expect(store.users.size).toBe(0)
    const retry = await oauthSignIn(new Browser(config), "alpha")
    expect(retry.headers.get("location")).toBe(`${ORIGIN}/home`)
    expect(store.users.size).toBe(1)
    expect(store.accounts.size).toBe(1)
  })

  it("a provider that gives no email creates users with a null email, so two of them do not collide", async () => {
    let n = 0
    const { store, config } = world({}, [idp("alpha", () => ({ id: `anon-${++n}`, name: "Anon" }))])
    await oauthSignIn(new Browser(config), "alpha")
    await oauthSignIn(new Browser(config), "alpha")
    expect(store.users.size).toBe(2)
    for (const user of store.users.values()) expect(user.email).toBeNull()
  })

  it("pages.newUser receives a new user with the callback URL", async () => {
    const { config } = world({ pages: { newUser: "/welcome" } })
    const response = await oauthSignIn(new Browser(config), "alpha")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/welcome?callbackUrl=${encodeURIComponent(`${ORIGIN}/home`)}`)
  })

  it("CS-03 database strategy: sign-in replaces a planted session token and deletes its row", async () => {
    const { store, config } = world()
    const browser = new Browser(config)
    await oauthSignIn(browser, "alpha")
    const first = browser.jar.get(SESSION)!
    expect(store.sessions.has(first)).toBe(true)
    await oauthSignIn(browser, "alpha")
    const second = browser.jar.get(SESSION)!
    expect(second).not.toBe(first)
    expect(store.sessions.has(first)).toBe(false)
    expect(store.sessions.has(second)).toBe(true)
  })

  it("without an adapter the session subject is stable across sign-ins of the same account", async () => {
    const config = testConfig({ providers: [idp("alpha", () => ({ id: "a-1", name: "Ann", email: "ann@example.com" }))] })
    const subs: string[] = []
    config.callbacks = { jwt: ({ token }) => (subs.push(String(token.sub)), token) }
    await oauthSignIn(new Browser(config), "alpha")
    await oauthSignIn(new Browser(config), "alpha")
    expect(subs[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(subs[0]).toBe(subs[1])
  })
})
