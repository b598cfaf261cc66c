/**
 * Your own app on the Demo IdP (issue 25 item 10): with its callback URL in DEMO_IDP_REDIRECT_URIS, the IdP accepts it
 * exactly (and nothing else), `npm start` prints the issuer, client id and secret that app needs, and an app of your
 * own — here a bare `Gatehouse()` with `{ id: "demo-idp", type: "oidc" }`, as the README shows — signs Carol in through
 * it over loopback. Off loopback, a redirect URI is refused at start.
 */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { Gatehouse } from "@gatehousejs/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { redirectUrisFromEnv, startIdp } from "../src/idp.js"
import { CookieJar } from "./cookie-jar.js"

// Your app: never listened on; its requests go to its handlers in this process, the IdP's over real loopback HTTP.
const OWN_APP = "http://localhost:5199"
const OWN_CALLBACK = `${OWN_APP}/auth/callback/demo-idp`

interface Idp {
  issuer: string
  clientId: string
  clientSecret: string
  redirectUris: string[]
  extraRedirectUris: string[]
  close: () => Promise<void>
}

let idp: Idp

beforeAll(async () => {
  idp = (await startIdp({ port: 0, appUrl: "http://localhost:3000", extraRedirectUris: [OWN_CALLBACK], logger: { error: () => {} } })) as Idp
})

afterAll(async () => {
  await idp?.close()
})

describe("DEMO_IDP_REDIRECT_URIS", () => {
  it("takes exact http(s) URLs on loopback, separated by commas or spaces", () => {
    expect(redirectUrisFromEnv(undefined)).toEqual([])
    expect(redirectUrisFromEnv(" ")).toEqual([])
    expect(redirectUrisFromEnv("http://localhost:5173/auth/callback/demo-idp, https://127.0.0.1:8443/api/auth/callback/demo-idp http://[::1]:4000/cb")).toEqual([
      "http://localhost:5173/auth/callback/demo-idp",
      "https://127.0.0.1:8443/api/auth/callback/demo-idp",
      "http://[::1]:4000/cb",
    ])
  })

  it.each([
    ["https://app.example.com/auth/callback/demo-idp", "is not on loopback"],
    ["http://192.168.1.20:3000/auth/callback/demo-idp", "is not on loopback"],
    ["http://localhost.evil.example/cb", "is not on loopback"],
    ["localhost:3000/auth/callback/demo-idp", "is not an http(s) URL"],
    ["/auth/callback/demo-idp", "is not an absolute URL"],
    ["http://localhost:3000/cb#x", "has a fragment"],
    ["http://user:pw@localhost:3000/cb", "has a user name or password"],
    ["javascript:alert(1)", "is not an http(s) URL"],
  ])("refuses %s: %s", (entry, why) => {
    expect(() => redirectUrisFromEnv(entry)).toThrow(why)
  })

  it("registers the URI under both loopback spellings, next to the demo's own", () => {
    expect(idp.extraRedirectUris).toEqual([OWN_CALLBACK, OWN_CALLBACK.replace("localhost", "127.0.0.1")])
    expect(idp.redirectUris).toContain("http://localhost:3000/auth/callback/demo-idp")
    expect(idp.redirectUris).toContain(OWN_CALLBACK)
  })

  it("a fixed client secret (DEMO_IDP_CLIENT_SECRET) must be 16 characters or more", async () => {
    await expect(startIdp({ port: 0, appUrl: "http://localhost:3000", clientSecret: "short" })).rejects.toThrow("16 characters")
  })
})

describe("your own app signs in through the Demo IdP", () => {
  // What the README tells you to write, with the printed values (the variables would be read the same way).
  const own = () =>
    Gatehouse({
      providers: [{ id: "demo-idp", name: "Demo IdP", type: "oidc", issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }],
      secret: "own-app-test-secret-0123456789abcdef0123456789",
      trustHost: true,
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    })

  async function ownRequest(handlers: ReturnType<typeof own>["handlers"], jar: CookieJar, path: string, form?: Record<string, string>): Promise<Response> {
    const url = new URL(path, OWN_APP)
    const headers: Record<string, string> = { cookie: jar.header(url) }
    if (form) Object.assign(headers, { "content-type": "application/x-www-form-urlencoded", origin: OWN_APP })
    const request = new Request(url, { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form) : undefined })
    const response = await (form ? handlers.POST(request) : handlers.GET(request))
    jar.store(response)
    return response
  }

  async function idpRequest(jar: CookieJar, url: URL, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { cookie: jar.header(url) }
    if (form) Object.assign(headers, { "content-type": "application/x-www-form-urlencoded", origin: idp.issuer })
    const response = await fetch(url, { method: form ? "POST" : "GET", redirect: "manual", headers, body: form ? new URLSearchParams(form) : undefined })
    jar.store(response)
    return response
  }

  const locationOf = (response: Response): URL => new URL(response.headers.get("location")!, response.url || OWN_APP)

  async function startAt(handlers: ReturnType<typeof own>["handlers"], jar: CookieJar): Promise<URL> {
    const { csrfToken } = (await (await ownRequest(handlers, jar, "/auth/csrf")).json()) as { csrfToken: string }
    const response = await ownRequest(handlers, jar, "/auth/signin/demo-idp", { csrfToken, callbackUrl: `${OWN_APP}/` })
    expect(response.status).toBe(302)
    return locationOf(response)
  }

  it("as Carol: the IdP sends the code to the registered callback URL, and the app has her session", async () => {
    const { handlers } = own()
    const appJar = new CookieJar()
    const idpJar = new CookieJar()

    const authorize = await startAt(handlers, appJar)
    expect(authorize.origin).toBe(idp.issuer)
    expect(authorize.searchParams.get("redirect_uri")).toBe(OWN_CALLBACK)
    expect(authorize.searchParams.get("client_id")).toBe("demo-app")

    const toLogin = await idpRequest(idpJar, authorize)
    expect(toLogin.status).toBe(303)
    const login = locationOf(toLogin)
    expect((await idpRequest(idpJar, login)).status).toBe(200)
    let response = await idpRequest(idpJar, new URL(`${login.pathname}/login`, idp.issuer), { account: "carol" })
    let next = locationOf(response)
    for (let hops = 0; next.origin === idp.issuer && hops < 10; hops++) {
      response = await idpRequest(idpJar, next)
      next = locationOf(response)
    }
    expect(`${next.origin}${next.pathname}`).toBe(OWN_CALLBACK)

    const callback = await ownRequest(handlers, appJar, `${next.pathname}${next.search}`)
    expect(callback.status).toBe(302)
    expect(callback.headers.get("location")).toBe(`${OWN_APP}/`)
    const session = (await (await ownRequest(handlers, appJar, "/auth/session")).json()) as { user?: { name?: string; email?: string } }
    expect(session.user).toMatchObject({ name: "Carol Demo", email: "carol@idp.example" })
  })

  it("a callback URL that was not registered is refused by the IdP (invalid_redirect_uri), before any account is picked", async () => {
    const { handlers } = own()
    const authorize = await startAt(handlers, new CookieJar())
    authorize.searchParams.set("redirect_uri", "http://localhost:5200/auth/callback/demo-idp")
    const response = await idpRequest(new CookieJar(), authorize)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain("invalid_redirect_uri")
  })
})

describe("npm start with DEMO_IDP_REDIRECT_URIS", () => {
  const serverJs = fileURLToPath(new URL("../server.js", import.meta.url))

  function runDemo(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [serverJs], {
        env: { ...process.env, NODE_ENV: "development", DEMO_DB: ":memory:", PORT: "0", IDP_PORT: "0", AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      })
      let stdout = ""
      let stderr = ""
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000)
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk
        if (stdout.includes("E-mail sign-in links")) child.kill("SIGTERM")
      })
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk))
      child.on("error", reject)
      child.on("exit", (code) => {
        clearTimeout(timer)
        resolve({ code, stdout, stderr })
      })
    })
  }

  it("prints the issuer, client id and secret your app needs, and the redirect URIs accepted", async () => {
    const run = await runDemo({ DEMO_IDP_REDIRECT_URIS: OWN_CALLBACK, DEMO_IDP_CLIENT_SECRET: "a-fixed-demo-idp-secret-0123456789" })
    expect(run.stdout).toMatch(/^ {2}AUTH_DEMO_IDP_ISSUER=http:\/\/127\.0\.0\.1:\d+$/m)
    expect(run.stdout).toContain("  AUTH_DEMO_IDP_ID=demo-app\n")
    expect(run.stdout).toContain("  AUTH_DEMO_IDP_SECRET=a-fixed-demo-idp-secret-0123456789\n")
    expect(run.stdout).toContain(`accepts these redirect URIs for it: ${OWN_CALLBACK} ${OWN_CALLBACK.replace("localhost", "127.0.0.1")}`)
  }, 30_000)

  it("without it, says how, and prints no secret", async () => {
    const run = await runDemo({ DEMO_IDP_CLIENT_SECRET: "a-fixed-demo-idp-secret-0123456789" })
    expect(run.stdout).toContain("start with DEMO_IDP_REDIRECT_URIS=<its callback URL>")
    expect(run.stdout).not.toContain("a-fixed-demo-idp-secret-0123456789")
    expect(run.stdout).not.toContain("AUTH_DEMO_IDP_SECRET")
  }, 30_000)

  it("an entry off loopback stops the start with what is wrong (exit 1, no stack trace)", async () => {
    const run = await runDemo({ DEMO_IDP_REDIRECT_URIS: "https://app.example.com/auth/callback/demo-idp" })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("is not on loopback")
    expect(run.stderr).not.toMatch(/^\s+at /m)
  }, 30_000)
})
