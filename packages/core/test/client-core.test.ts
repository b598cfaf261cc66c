/**
 * The client core (`@gatehousejs/core/client`) on a fake page: `fetch` answers as a Gatehouse server would and
 * records every request, navigation and reload are recorded instead of performed. What a user of any framework's
 * client notices: which endpoint is posted to with which form, what `redirect: false` resolves to, where the page goes.
 */
import {
  getCsrfToken,
  getSession,
  navigate,
  signIn,
  signInWithWebAuthn,
  signOut,
  type AuthClient,
  type SessionTrigger,
  type WebAuthnBrowser,
} from "@gatehousejs/core/client"
import { describe, expect, it, vi } from "vitest"

const PAGE = "https://app.example/account?tab=1"
const CSRF = "c".repeat(64)
const PROVIDERS = {
  credentials: { id: "credentials", name: "Password", type: "credentials" },
  github: { id: "github", name: "GitHub", type: "oauth" },
  passkey: { id: "passkey", name: "Passkey", type: "webauthn" },
}

interface Sent {
  method: string
  url: string
  headers: Headers
  form: Record<string, string>
}

type Route = (request: Sent) => Response | Promise<Response>
const json = (body: unknown, status = 200): Response => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

/** A page whose `fetch` answers `routes` (by `METHOD path`), else what a Gatehouse server with {@link PROVIDERS} answers. */
function fakePage(routes: Record<string, Route> = {}): {
  client: AuthClient
  sent: Sent[]
  posts: () => Sent[]
  assigned: string[]
  reloads: () => number
  told: SessionTrigger[]
  refetches: () => number
  logs: string[]
} {
  const sent: Sent[] = []
  const assigned: string[] = []
  const told: SessionTrigger[] = []
  const logs: string[] = []
  let reloads = 0
  let refetches = 0
  const defaults: Record<string, Route> = {
    "GET /api/auth/providers": () => json(PROVIDERS),
    "GET /api/auth/csrf": () => json({ csrfToken: CSRF }),
    "POST /api/auth/callback/credentials": ({ form }) =>
      json({ url: form.password === "right" ? form.callbackUrl : "https://app.example/api/auth/signin?error=CredentialsSignin&code=credentials" }),
    "POST /api/auth/signin/github": () => json({ url: "https://github.com/login/oauth/authorize?client_id=x" }),
    "POST /api/auth/signout": ({ form }) => json({ url: form.callbackUrl }),
  }
  const client: AuthClient = {
    platform: {
      fetch: async (url, init = {}) => {
        const request: Sent = {
          method: init.method ?? "GET",
          url,
          headers: new Headers(init.headers),
          form: Object.fromEntries(new URLSearchParams(init.body instanceof URLSearchParams ? init.body : "")),
        }
        sent.push(request)
        const route = routes[`${request.method} ${url.split("?")[0]}`] ?? defaults[`${request.method} ${url.split("?")[0]}`]
        return route ? route(request) : json({ error: "not found" }, 404)
      },
      currentUrl: () => PAGE,
      assign: (url) => void assigned.push(url),
      reload: () => void reloads++,
      log: (line) => void logs.push(line),
    },
    endpoint: (action) => `/api/auth/${action}`,
    sessionSync: {
      tellOtherTabs: (trigger) => void told.push(trigger),
      refetchThisPage: async () => void refetches++,
      announce: (trigger) => void told.push(trigger),
    },
    webAuthnModule: "@example/webauthn",
  }
  const posts = (): Sent[] => sent.filter((request) => request.method === "POST")
  return { client, sent, posts, assigned, reloads: () => reloads, told, refetches: () => refetches, logs }
}

describe("signIn", () => {
  it('credentials with redirect: false posts to /callback/<id> and resolves { error, code, status, ok, url } for a wrong password', async () => {
    const page = fakePage()
    const result = await signIn(page.client, "credentials", { username: "alice", password: "wrong", redirect: false }, undefined)
    expect(result).toEqual({ error: "CredentialsSignin", code: "credentials", status: 200, ok: true, url: null })
    const [post] = page.posts()
    expect(post?.url).toBe("/api/auth/callback/credentials")
    expect(post?.headers.get("X-Auth-Return-Redirect")).toBe("1")
    expect(post?.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded")
    expect(post?.form).toEqual({ username: "alice", password: "wrong", csrfToken: CSRF, callbackUrl: PAGE })
    expect(page.assigned).toEqual([])
    expect(page.told).toEqual([])
  })

  it("a successful redirect: false sign-in resolves the URL, refetches this page's session and tells the other tabs", async () => {
    const page = fakePage()
    const result = await signIn(page.client, "credentials", { username: "alice", password: "right", redirect: false, redirectTo: "/home" }, undefined)
    expect(result).toEqual({ error: undefined, code: undefined, status: 200, ok: true, url: "/home" })
    expect(page.refetches()).toBe(1)
    expect(page.told).toEqual(["getSession"])
  })

  it("an OAuth provider posts to /signin/<id> with the authorization parameters, then the page goes to the provider", async () => {
    const page = fakePage()
    await signIn(page.client, "github", { callbackUrl: "/after" }, { prompt: "consent" })
    expect(page.posts().map((post) => [post.url, post.form])).toEqual([["/api/auth/signin/github?prompt=consent", { csrfToken: CSRF, callbackUrl: "/after" }]])
    expect(page.assigned).toEqual(["https://github.com/login/oauth/authorize?client_id=x"])
  })

  it("no provider, or one the server does not have, opens the sign-in page coming back here, and posts nothing", async () => {
    const page = fakePage()
    await signIn(page.client, undefined, undefined, undefined)
    await signIn(page.client, "nope", { redirect: false }, undefined)
    const signInPage = `https://app.example/api/auth/signin?${new URLSearchParams({ callbackUrl: PAGE })}`
    expect(page.assigned).toEqual([signInPage, signInPage])
    expect(page.posts()).toEqual([])
  })

  it("a WebAuthn provider is refused with a TypeError naming the module that runs the ceremony", async () => {
    await expect(signIn(fakePage().client, "passkey", undefined, undefined)).rejects.toThrow(/"passkey" refers to a WebAuthn provider[\s\S]*@example\/webauthn/)
  })

  it("unreachable endpoints resolve ClientFetchError with redirect: false, else go to the error page; the log holds no token", async () => {
    const down = fakePage({ "GET /api/auth/providers": () => Promise.reject(new TypeError("Failed to fetch")) })
    expect(await signIn(down.client, "credentials", { password: "secret", redirect: false }, undefined)).toEqual({
      error: "ClientFetchError",
      code: undefined,
      status: 0,
      ok: false,
      url: null,
    })
    await signIn(down.client, "credentials", { password: "secret" }, undefined)
    expect(down.assigned).toEqual(["https://app.example/api/auth/error"])
    expect(down.logs).toEqual([
      "[gatehouse] GET /api/auth/providers failed: network error (TypeError: Failed to fetch)",
      "[gatehouse] GET /api/auth/providers failed: network error (TypeError: Failed to fetch)",
    ])

    const limited = fakePage({ "POST /api/auth/callback/credentials": () => json({ error: "TooManyRequests", retryAfter: 60 }, 429) })
    expect(await signIn(limited.client, "credentials", { password: "secret", redirect: false }, undefined)).toMatchObject({ error: "ClientFetchError", status: 429, ok: false })
    expect(limited.logs.join("\n")).not.toMatch(/secret|c{64}/)
  })

  it("an unreadable CSRF token is sent empty (the server refuses it), as next-auth does", async () => {
    const page = fakePage({ "GET /api/auth/csrf": () => new Response("oops", { status: 500 }) })
    expect(await getCsrfToken(page.client)).toBe("")
    await signIn(page.client, "credentials", { password: "right", redirect: false }, undefined)
    expect(page.posts()[0]?.form.csrfToken).toBe("")
  })
})

describe("signOut", () => {
  it("posts the CSRF token and callbackUrl to /signout, tells the other tabs, then goes to the answer's URL", async () => {
    const page = fakePage()
    await signOut(page.client, { redirectTo: "https://app.example/bye" })
    const [post] = page.posts()
    expect(post?.url).toBe("/api/auth/signout")
    expect(post?.headers.get("X-Auth-Return-Redirect")).toBe("1")
    expect(post?.form).toEqual({ csrfToken: CSRF, callbackUrl: "https://app.example/bye" })
    expect(page.told).toEqual(["signout"])
    expect(page.assigned).toEqual(["https://app.example/bye"])
  })

  it("redirect: false resolves { url } (default: this page) after this page's session is fetched again", async () => {
    const page = fakePage()
    expect(await signOut(page.client, { redirect: false })).toEqual({ url: PAGE })
    expect(page.refetches()).toBe(1)
    expect(page.assigned).toEqual([])
  })

  it("RT-05: a 503 (session not ended, cookie cleared) tells the other tabs and leads to ?error=SignOutError", async () => {
    const page = fakePage({ "POST /api/auth/signout": () => json({ error: "SignOutError", url: "https://app.example/api/auth/error?error=SignOutError" }, 503) })
    expect(await signOut(page.client, { redirect: false })).toEqual({ url: "https://app.example/api/auth/error?error=SignOutError" })
    expect(page.told).toEqual(["signout"])
  })

  it("a request that fails tells no tab and leads to the error page", async () => {
    const page = fakePage({ "POST /api/auth/signout": () => Promise.reject(new TypeError("Failed to fetch")) })
    await signOut(page.client, undefined)
    expect(page.told).toEqual([])
    expect(page.assigned).toEqual(["https://app.example/api/auth/error"])
  })
})

describe("reading the session", () => {
  it("getSession resolves the session and announces it; null when the server answers nobody or fails", async () => {
    const session = { user: { name: "Alice" }, expires: "2099-01-01T00:00:00.000Z" }
    expect(await getSession(fakePage({ "GET /api/auth/session": () => json(session) }).client, "broadcast")).toEqual(session)
    const quiet = fakePage({ "GET /api/auth/session": () => json(session) })
    await getSession(quiet.client, "quiet")
    expect(quiet.told).toEqual([])
    expect(await getSession(fakePage({ "GET /api/auth/session": () => json({}) }).client, "broadcast")).toBeNull()
    expect(await getSession(fakePage({ "GET /api/auth/session": () => json(null, 503) }).client, "broadcast")).toBeNull()
  })
})

describe("navigate", () => {
  it("reloads when only the hash differs from the page, not for another page with a hash", () => {
    const page = fakePage()
    navigate(page.client.platform, "/account?tab=1#profile")
    navigate(page.client.platform, "/other#top")
    expect(page.assigned).toEqual(["https://app.example/account?tab=1#profile", "https://app.example/other#top"])
    expect(page.reloads()).toBe(1)
  })
})

describe("signInWithWebAuthn", () => {
  const options = { challenge: "abc", rp: { id: "app.example" } }
  const callback: Route = ({ form }) => json({ url: form.callbackUrl })

  it("asks for the ceremony with the options as query, runs it, and posts action, data and the CSRF token to /callback/<id>", async () => {
    const page = fakePage({
      "GET /api/auth/webauthn-options/passkey": () => json({ action: "register", options }),
      "POST /api/auth/callback/passkey": callback,
    })
    const browser: WebAuthnBrowser = { register: vi.fn(async () => ({ id: "cred-1" })), authenticate: vi.fn() }
    const result = await signInWithWebAuthn(page.client, browser, "passkey", { action: "register", email: "a@example.com", redirect: false }, undefined)
    expect(result).toEqual({ error: undefined, code: undefined, status: 200, ok: true, url: PAGE })
    expect(page.sent.find((request) => request.url.startsWith("/api/auth/webauthn-options/"))?.url).toBe("/api/auth/webauthn-options/passkey?action=register&email=a%40example.com")
    expect(browser.register).toHaveBeenCalledWith(options)
    expect(page.posts()[0]?.form).toEqual({ action: "register", email: "a@example.com", data: '{"id":"cred-1"}', csrfToken: CSRF, callbackUrl: PAGE })
  })

  it("a cancelled ceremony posts nothing and resolves WebAuthnVerificationError", async () => {
    const page = fakePage({ "GET /api/auth/webauthn-options/passkey": () => json({ action: "authenticate", options }) })
    const browser: WebAuthnBrowser = { register: vi.fn(), authenticate: () => Promise.reject(new Error("NotAllowedError")) }
    const result = await signInWithWebAuthn(page.client, browser, "passkey", { redirect: false }, undefined)
    expect(result).toEqual({ error: "WebAuthnVerificationError", code: undefined, status: 0, ok: false, url: null })
    expect(page.posts()).toEqual([])
  })

  it("any other provider is an ordinary sign-in", async () => {
    const page = fakePage()
    const browser: WebAuthnBrowser = { register: vi.fn(), authenticate: vi.fn() }
    await signInWithWebAuthn(page.client, browser, "github", undefined, undefined)
    expect(page.posts().map((post) => post.url)).toEqual(["/api/auth/signin/github"])
    expect(browser.authenticate).not.toHaveBeenCalled()
  })
})
