/**
 * Issue 13 (a first slice): four places where Gatehouse answered otherwise than Auth.js v5 (`@auth/core` 0.41.3, a
 * devDependency) for the same input, each checked side by side with Auth.js.
 */
import { Auth as AuthJs } from "@auth/core"
import { decode as authDecode, encode as authEncode } from "@auth/core/jwt"
import AuthJsGitHub from "@auth/core/providers/github"
import AuthJsGitLab from "@auth/core/providers/gitlab"
import { Auth, type AuthConfig, type SendVerificationRequestParams } from "@gatehousejs/core"
import { decode, encode } from "@gatehousejs/core/jwt"
import { Email } from "@gatehousejs/core/providers"
import GitHub from "@gatehousejs/core/providers/github"
import GitLab from "@gatehousejs/core/providers/gitlab"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import type { Adapter } from "../../src/adapters.js"
import { Browser, ORIGIN, SECRET, testConfig } from "../helpers/auth.js"
import { startSignIn } from "../oauth/flow.js"
import { memoryStore } from "../email/memory-store.js"

const quiet = () => ({ error: vi.fn(), warn: vi.fn(), debug: vi.fn() })

/** What a rejection looks like to a caller: class name, `code`, message. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    return { resolved: await promise }
  } catch (error) {
    const e = error as Error & { code?: string }
    return { constructor: e.constructor.name, name: e.name, code: e.code, message: e.message }
  }
}

describe("jwt.decode rejects as @auth/core/jwt's decode", () => {
  const salt = "authjs.session-token"
  it("wrong secret, wrong salt, garbage, tampered, expired, no token: the same outcome", async () => {
    for (const mint of [authEncode, encode]) {
      const token = await mint({ token: { sub: "1", name: "A" }, secret: SECRET, salt })
      const expired = await mint({ token: { sub: "1" }, secret: SECRET, salt, maxAge: -60 })
      const cases = [
        { token, secret: "another-secret-0123456789abcdef", salt },
        { token, secret: ["another-secret-0123456789abcdef", "a-third-secret-0123456789abcdef"], salt },
        { token, secret: SECRET, salt: "other" },
        { token: "not-a-token", secret: SECRET, salt },
        { token: `${token.slice(0, -4)}AAAA`, secret: SECRET, salt },
        { token: expired, secret: SECRET, salt },
        { token: "", secret: SECRET, salt },
      ]
      for (const params of cases) {
        const theirs = await rejection(authDecode(params))
        expect(await rejection(decode(params)), JSON.stringify(params)).toEqual(theirs)
      }
    }
    // The case of the issue, spelled out.
    const token = await encode({ token: { sub: "1" }, secret: SECRET, salt })
    await expect(decode({ token, secret: "another-secret-0123456789abcdef", salt })).rejects.toThrowError(new Error("no matching decryption secret"))
  })
})

describe("the redirect proxy relays to the URL Auth.js builds", () => {
  const PROXY = "https://login.example.com/auth"
  afterEach(() => vi.unstubAllEnvs())
  for (const origin of ["https://origin.example.com", "https://origin.example.com/api/auth/callback/github"]) {
    it(`origin ${origin}`, async () => {
      const state = await authEncode({ token: { origin, random: "r4nd0m" }, secret: SECRET, salt: "encodedState", maxAge: 900 })
      const query = new URLSearchParams({ state, code: "c0de" })
      const request = () => new Request(`${PROXY}/callback/github?${query}`)
      const base = { secret: SECRET, trustHost: true, basePath: "/auth", redirectProxyUrl: PROXY, logger: quiet() }
      const theirs = await AuthJs(request(), { ...base, providers: [AuthJsGitHub({ clientId: "id", clientSecret: "secret" })] })
      const ours = await Auth(request(), { ...base, providers: [GitHub({ clientId: "id", clientSecret: "secret" })] } as AuthConfig)
      expect(theirs.headers.get("location")).toBe(`${origin}?${query}`)
      expect(ours.status).toBe(theirs.status)
      expect(ours.headers.get("location")).toBe(theirs.headers.get("location"))
    })
  }

  it("AUTH_REDIRECT_PROXY_URL: the same", async () => {
    vi.stubEnv("AUTH_REDIRECT_PROXY_URL", PROXY)
    const origin = "https://origin.example.com"
    const state = await authEncode({ token: { origin, random: "r" }, secret: SECRET, salt: "encodedState", maxAge: 900 })
    const query = new URLSearchParams({ state, code: "c" })
    const response = await Auth(new Request(`${PROXY}/callback/github?${query}`), {
      secret: SECRET, trustHost: true, basePath: "/auth", logger: quiet(), providers: [GitHub({ clientId: "id", clientSecret: "secret" })],
    } as AuthConfig)
    expect(response.headers.get("location")).toBe(`${origin}?${query}`)
  })
})

describe("GitLab has Auth.js's provider shape", () => {
  it("authorization is the same URL string, for gitlab.com and a self-managed instance", () => {
    expect(GitLab().authorization).toBe(AuthJsGitLab({}).authorization)
    expect(GitLab().authorization).toBe("https://gitlab.com/oauth/authorize?scope=read_user")
    const baseUrl = "https://git.example.com/"
    expect(GitLab({ baseUrl }).authorization).toBe(AuthJsGitLab({ baseUrl }).authorization)
    for (const key of ["token", "userinfo"] as const) expect(GitLab({ baseUrl })[key]).toBe(AuthJsGitLab({ baseUrl })[key])
  })

  it("the authorization request on the wire is unchanged: scope read_user, PKCE", async () => {
    const browser = new Browser(testConfig({ logger: quiet(), providers: [GitLab({ clientId: "id", clientSecret: "secret" })] }))
    const { authorizationUrl } = await startSignIn(browser, "gitlab")
    expect(`${authorizationUrl!.origin}${authorizationUrl!.pathname}`).toBe("https://gitlab.com/oauth/authorize")
    expect(authorizationUrl!.searchParams.getAll("scope")).toEqual(["read_user"])
    expect(authorizationUrl!.searchParams.get("code_challenge_method")).toBe("S256")
  })
})

describe("an e-mail provider with an adapter that has only the e-mail methods, no session.strategy", () => {
  beforeEach(() => vi.stubEnv("AUTH_URL", `${ORIGIN}/auth`))
  afterEach(() => vi.unstubAllEnvs())

  function emailOnlyAdapter(): Adapter {
    const store = memoryStore()
    const { createVerificationToken, useVerificationToken, getUserByEmail, createUser, updateUser, getUser } = store
    return { createVerificationToken, useVerificationToken, getUserByEmail, createUser, updateUser, getUser }
  }

  it("/session and /signin answer as Auth.js's do (200), not 500", async () => {
    const send = () => {}
    const ours = testConfig({ adapter: emailOnlyAdapter(), logger: quiet(), providers: [Email({ sendVerificationRequest: send })] })
    const theirs = {
      secret: SECRET, trustHost: true, basePath: "/auth", logger: quiet(), adapter: emailOnlyAdapter() as never,
      providers: [{ id: "email", type: "email" as const, name: "Email", from: "a@example.com", maxAge: 86400, sendVerificationRequest: send, options: {} }],
    }
    for (const path of ["/session", "/signin", "/providers", "/csrf"]) {
      const authjs = await AuthJs(new Request(`${ORIGIN}/auth${path}`), theirs as never)
      const gatehouse = await Auth(new Request(`${ORIGIN}/auth${path}`), ours)
      expect(authjs.status, path).toBe(200)
      expect(gatehouse.status, path).toBe(authjs.status)
    }
  })

  it("the e-mail sign-in works end to end, with a JWT session (the adapter cannot hold one)", async () => {
    const outbox: SendVerificationRequestParams[] = []
    const browser = new Browser(testConfig({ adapter: emailOnlyAdapter(), logger: quiet(), providers: [Email({ sendVerificationRequest: (p) => void outbox.push(p) })] }))
    const csrfToken = await browser.csrfToken()
    const sent = await browser.request("/signin/email", { body: { email: "new@example.com", csrfToken, callbackUrl: "/welcome" } })
    expect(sent.headers.get("location")).toBe(`${ORIGIN}/auth/verify-request?provider=email&type=email`)
    const link = new URL(outbox[0]!.url)
    const callback = await browser.request(`${link.pathname.replace("/auth", "")}${link.search}`)
    expect(callback.headers.get("location")).toBe(`${ORIGIN}/welcome`)
    expect(await browser.session()).toMatchObject({ user: { email: "new@example.com" } })
  })

  it("session: { strategy: \"database\" } with that adapter is refused, naming what to add", async () => {
    const logger = quiet()
    const config = testConfig({ adapter: emailOnlyAdapter(), logger, session: { strategy: "database" }, providers: [Email({ sendVerificationRequest: () => {} })] })
    const response = await Auth(new Request(`${ORIGIN}/auth/session`), config)
    expect(response.status).toBe(500)
    const error = logger.error.mock.calls.flat().find((e): e is Error => e instanceof Error)!
    expect(error.message).toContain("Required adapter methods were missing: getUserByAccount, linkAccount, createSession, getSessionAndUser, updateSession, deleteSession.")
    expect(error.message).toContain('`session: { strategy: "database" }` needs')
    expect(error.message).toContain('add them to the adapter, or set `session: { strategy: "jwt" }`')
  })
})
