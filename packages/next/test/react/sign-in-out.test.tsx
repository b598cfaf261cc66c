// @vitest-environment happy-dom
/**
 * Client `signIn`, `signOut` and `update()` against a real Gatehouse instance: what is POSTed (CSRF token,
 * `X-Auth-Return-Redirect`), what `redirect: false` resolves to, where the browser is sent, and how the provider
 * on the page follows.
 */
import type { Session } from "@gatehousejs/core"
import GitHub from "@gatehousejs/core/providers/github"
import Passkey from "@gatehousejs/core/providers/passkey"
import { getCsrfToken, getProviders, getSession, SessionProvider, signIn, signOut, useSession, type SignInResponse, type UpdateSession } from "@gatehousejs/next/react"
import { SqliteAdapter } from "@gatehousejs/sqlite-adapter"
import { act, cleanup, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, test, vi } from "vitest"
import { captureConsoleErrors, watchNavigation } from "./helpers/page.js"
import { ALICE, PASSWORD, startServer, testConfig, type TestServer } from "./helpers/server.js"

const HOME = "http://localhost:3000/"
const aliceSession: Session = { user: { name: ALICE.name, email: ALICE.email }, expires: "2099-01-01T00:00:00.000Z" }

let update: UpdateSession = async () => null
function Status(): React.ReactElement {
  const session = useSession()
  update = session.update
  return <p data-testid="status">{`${session.status}:${session.data?.user?.name ?? "-"}`}</p>
}
const status = (): string => screen.getByTestId("status").textContent ?? ""

function lastPost(server: TestServer, path: string): { headers: Headers; form: URLSearchParams } {
  const request = server.requests.filter((r) => r.method === "POST" && r.path === path).at(-1)
  if (!request) throw new Error(`no POST ${path}`)
  return { headers: request.headers, form: new URLSearchParams(request.body) }
}

/** The CSRF token the browser holds in its cookie (`token|hash`). */
const csrfCookieToken = (server: TestServer): string => decodeURIComponent(server.jar.get("authjs.csrf-token") ?? "").split("|")[0]!

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe("signIn with credentials", () => {
  test("redirect: false — ok, the callback URL, and the provider on the page turns authenticated", async () => {
    const server = startServer()
    render(<SessionProvider session={null}><Status /></SessionProvider>)
    let result: SignInResponse | undefined
    await act(async () => {
      result = await signIn("credentials", { username: "alice", password: PASSWORD, redirect: false })
    })
    expect(result).toEqual({ error: undefined, code: undefined, status: 200, ok: true, url: HOME })
    expect(status()).toBe("authenticated:Alice")

    const { headers, form } = lastPost(server, "/api/auth/callback/credentials")
    expect(headers.get("x-auth-return-redirect")).toBe("1")
    expect(headers.get("content-type")).toBe("application/x-www-form-urlencoded")
    expect(Object.fromEntries(form)).toEqual({ username: "alice", password: PASSWORD, csrfToken: csrfCookieToken(server), callbackUrl: HOME })
  })

  test("redirect: false with a wrong password — error CredentialsSignin, code credentials, url null, still signed out", async () => {
    startServer()
    render(<SessionProvider session={null}><Status /></SessionProvider>)
    let result: SignInResponse | undefined
    await act(async () => {
      result = await signIn("credentials", { username: "alice", password: "wrong", redirect: false })
    })
    expect(result).toEqual({ error: "CredentialsSignin", code: "credentials", status: 200, ok: true, url: null })
    expect(status()).toBe("unauthenticated:-")
  })

  test("redirect (the default) sends the browser to the URL the server answers, redirectTo included", async () => {
    const server = startServer()
    const navigation = watchNavigation()
    await signIn("credentials", { username: "alice", password: PASSWORD, redirectTo: "/dashboard" })
    expect(navigation.hrefs()).toEqual(["http://localhost:3000/dashboard"])
    expect(navigation.reloads).not.toHaveBeenCalled()
    expect(server.jar.has("authjs.session-token")).toBe(true)
  })

  test("a URL that differs from the page only by its hash is reloaded; another page with a hash is not", async () => {
    startServer()
    const navigation = watchNavigation()
    await signIn("credentials", { username: "alice", password: PASSWORD, redirectTo: `${HOME}#welcome` })
    expect(navigation.hrefs()).toEqual([`${HOME}#welcome`])
    expect(navigation.reloads).toHaveBeenCalledTimes(1)
    await signIn("credentials", { username: "alice", password: PASSWORD, redirectTo: "/dashboard#welcome" })
    expect(navigation.reloads).toHaveBeenCalledTimes(1)
  })
})

describe("signIn's other paths", () => {
  test("no provider, or an unknown one: the sign-in page with the callback URL", async () => {
    const server = startServer()
    const navigation = watchNavigation()
    await signIn()
    await signIn("nope", { redirectTo: "/after" })
    expect(navigation.hrefs()).toEqual([
      `${HOME}api/auth/signin?callbackUrl=${encodeURIComponent(HOME)}`,
      `${HOME}api/auth/signin?callbackUrl=${encodeURIComponent("/after")}`,
    ])
    expect(server.requests.filter((r) => r.method === "POST")).toEqual([])
  })

  test("OAuth: POST /signin/<id>, authorizationParams reach the provider's authorization URL", async () => {
    const server = startServer(testConfig({ providers: [GitHub({ clientId: "client-id", clientSecret: "client-secret" })] }))
    const result = await signIn("github", { redirect: false }, { login: "octocat" })
    const url = new URL(result.url ?? "")
    expect(url.origin + url.pathname).toBe("https://github.com/login/oauth/authorize")
    expect(url.searchParams.get("login")).toBe("octocat")
    expect(server.requests.some((r) => r.method === "POST" && r.path === "/api/auth/signin/github?login=octocat")).toBe(true)
  })

  test("a WebAuthn provider is refused with a TypeError pointing at @gatehousejs/next/webauthn", async () => {
    const adapter = SqliteAdapter({ filename: ":memory:" })
    adapter.migrate()
    const server = startServer(testConfig({ adapter, session: { strategy: "jwt" }, experimental: { enableWebAuthn: true }, providers: [Passkey] }))
    expect((await getProviders())?.passkey?.type).toBe("webauthn")
    await expect(signIn("passkey")).rejects.toThrow(/refers to a WebAuthn provider[\s\S]*@gatehousejs\/next\/webauthn/)
    expect(server.requests.filter((r) => r.method === "POST")).toEqual([])
  })

  test("the server unreachable: redirect: false resolves a ClientFetchError, redirect goes to the error page", async () => {
    const server = startServer()
    const errors = captureConsoleErrors()
    const navigation = watchNavigation()
    server.offline = true
    expect(await signIn("credentials", { username: "alice", password: PASSWORD, redirect: false })).toEqual({
      error: "ClientFetchError",
      code: undefined,
      status: 0,
      ok: false,
      url: null,
    })
    await signIn("credentials", { username: "alice", password: PASSWORD })
    expect(navigation.hrefs()).toEqual([`${HOME}api/auth/error`])
    expect(errors.text()).not.toContain(PASSWORD)
  })
  test("an answer without a URL goes to the error page, never to the unconfirmed callback URL", async () => {
    const server = startServer()
    captureConsoleErrors()
    const navigation = watchNavigation()
    server.intercept = (request) => (request.method === "POST" ? Response.json({ error: "InvalidCallbackUrl" }, { status: 400 }) : undefined)
    await signIn("credentials", { username: "alice", password: PASSWORD, redirectTo: "https://elsewhere.example/" })
    await signOut({ redirectTo: "https://elsewhere.example/" })
    expect(navigation.hrefs()).toEqual([`${HOME}api/auth/error`, `${HOME}api/auth/error`])
  })
})

describe("signOut", () => {
  test("redirect: false — POST /signout with the CSRF token, the cookie cleared, the provider unauthenticated", async () => {
    const server = startServer()
    await server.signInAlice()
    render(<SessionProvider><Status /></SessionProvider>)
    expect(await screen.findByText("authenticated:Alice")).toBeTruthy()
    let result: unknown
    await act(async () => {
      result = await signOut({ redirect: false, redirectTo: "/bye" })
    })
    expect(result).toEqual({ url: "http://localhost:3000/bye" })
    expect(status()).toBe("unauthenticated:-")
    expect(server.jar.has("authjs.session-token")).toBe(false)
    const { headers, form } = lastPost(server, "/api/auth/signout")
    expect(headers.get("x-auth-return-redirect")).toBe("1")
    expect(Object.fromEntries(form)).toEqual({ csrfToken: csrfCookieToken(server), callbackUrl: "/bye" })
  })

  test("redirect (the default) goes to the answer's URL, the current page unless told otherwise", async () => {
    const server = startServer()
    await server.signInAlice()
    const navigation = watchNavigation()
    await signOut()
    expect(navigation.hrefs()).toEqual([HOME])
    expect(server.jar.has("authjs.session-token")).toBe(false)
  })

  test("the deprecated callbackUrl still works", async () => {
    startServer()
    const navigation = watchNavigation()
    await signOut({ callbackUrl: "/old-style" })
    expect(navigation.hrefs()).toEqual(["http://localhost:3000/old-style"])
  })
})

describe("update()", () => {
  test("update(data) POSTs { csrfToken, data } as JSON; the jwt callback's trigger update renames the user", async () => {
    const server = startServer()
    await server.signInAlice()
    render(<SessionProvider><Status /></SessionProvider>)
    expect(await screen.findByText("authenticated:Alice")).toBeTruthy()
    let updated: Session | null = null
    await act(async () => {
      updated = await update({ name: "Alicia" })
    })
    expect(status()).toBe("authenticated:Alicia")
    expect((updated as Session | null)?.user?.name).toBe("Alicia")
    const post = server.requests.filter((r) => r.method === "POST" && r.path === "/api/auth/session").at(-1)!
    expect(post.headers.get("content-type")).toBe("application/json")
    expect(JSON.parse(post.body)).toEqual({ csrfToken: csrfCookieToken(server), data: { name: "Alicia" } })
    // The renamed token is in the cookie: a fresh read sees it.
    expect((await getSession({ broadcast: false }))?.user?.name).toBe("Alicia")
  })

  test("update() answered with null (signed out elsewhere) turns the page unauthenticated; next-auth keeps the stale session", async () => {
    const server = startServer()
    await server.signInAlice()
    render(<SessionProvider session={aliceSession}><Status /></SessionProvider>)
    server.jar.delete("authjs.session-token")
    let updated: Session | null | undefined
    await act(async () => {
      updated = await update()
    })
    expect(updated).toBeNull()
    expect(status()).toBe("unauthenticated:-")
  })

  test("update() without data fetches the session again with a GET", async () => {
    const server = startServer()
    await server.signInAlice()
    render(<SessionProvider session={{ user: { name: "Stale" }, expires: "2099-01-01T00:00:00.000Z" }}><Status /></SessionProvider>)
    await act(async () => {
      await update()
    })
    expect(status()).toBe(`authenticated:${ALICE.name}`)
    expect(server.count("GET", "/api/auth/session")).toBe(1)
  })

  test("an update the server refuses (forged CSRF token: 400) keeps the session and resolves null", async () => {
    const server = startServer()
    await server.signInAlice()
    captureConsoleErrors()
    render(<SessionProvider><Status /></SessionProvider>)
    expect(await screen.findByText("authenticated:Alice")).toBeTruthy()
    server.intercept = (request) => (request.path === "/api/auth/csrf" ? Response.json({ csrfToken: "forged" }) : undefined)
    let updated: Session | null | undefined
    await act(async () => {
      updated = await update({ name: "Mallory" })
    })
    expect(updated).toBeNull()
    expect(status()).toBe("authenticated:Alice")
  })
})

describe("the read endpoints", () => {
  test("getCsrfToken and getProviders read the server; failures give \"\" and null with a console line", async () => {
    const server = startServer()
    expect(await getCsrfToken()).toBe(csrfCookieToken(server))
    expect(await getProviders()).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: "http://localhost:3000/api/auth/signin/credentials",
        callbackUrl: "http://localhost:3000/api/auth/callback/credentials",
      },
    })
    const errors = captureConsoleErrors()
    server.offline = true
    expect(await getCsrfToken()).toBe("")
    expect(await getProviders()).toBeNull()
    expect(await getSession()).toBeNull()
    expect(errors.lines()).toHaveLength(3)
  })
})
