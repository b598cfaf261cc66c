/**
 * The Hono example over real HTTP on loopback: `npm start` (server.js, as a child process, with no AUTH_SECRET: a
 * fresh clone, offline) answers with the three ways to sign in; in this process, alice signs in with her password
 * through Gatehouse's form, the home page and `/api/me` (behind `verifyAuth()`) know her, `/private` sends a signed-out
 * visitor to the sign-in page, and a foreign `Host` is refused (RT-04).
 */
import { spawn } from "node:child_process"
import { get } from "node:http"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { start } from "../src/app.js"

const silentLogger = { error: () => {}, warn: () => {}, debug: () => {} }

describe("npm start", () => {
  it("starts offline without AUTH_SECRET, with the Demo IdP, and serves the home page and the endpoints", async () => {
    const child = spawn(process.execPath, [fileURLToPath(new URL("../server.js", import.meta.url))], {
      env: { ...process.env, NODE_ENV: "development", AUTH_SECRET: "", AUTH_URL: "", PORT: "0", IDP_PORT: "0", EXAMPLE_DB: ":memory:" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    const exited = new Promise((resolve) => child.once("exit", resolve))
    try {
      let stdout = ""
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start within 20 s:\n${stdout}`)), 20_000)
        child.stdout.on("data", (chunk: Buffer) => {
          stdout += chunk
          const found = /listening on (http:\/\/localhost:\d+)\//.exec(stdout)
          if (found && stdout.includes("E-mail sign-in links")) {
            clearTimeout(timer)
            resolve(found[1]!)
          }
        })
        child.once("exit", (code) => reject(new Error(`exited ${code}:\n${stdout}`)))
      })
      expect(stdout).toMatch(/Demo IdP \(OpenID Provider\) at http:\/\/127\.0\.0\.1:\d+\//)
      const home = await fetch(`${url}/`)
      expect(home.status).toBe(200)
      expect(await home.text()).toContain("<h1>Welcome</h1>")
      expect(Object.keys((await (await fetch(`${url}/api/auth/providers`)).json()) as object)).toEqual(["demo-idp", "email", "credentials"])
    } finally {
      child.kill("SIGTERM")
      await exited
    }
  }, 30_000)
})

describe("the app", () => {
  let app: { url: string; close: () => Promise<void> }
  beforeAll(async () => {
    app = await start({ port: 0, idp: false, database: ":memory:", passwordLogCost: 14, logger: silentLogger })
  })
  afterAll(() => app.close())

  it("alice signs in with her password; the home page, /private and /api/me know her", async () => {
    const jar = new Map<string, string>()
    const send = async (path: string, init: RequestInit = {}): Promise<Response> => {
      const headers = new Headers(init.headers)
      if (jar.size) headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "))
      const response = await fetch(`${app.url}${path}`, { ...init, headers, redirect: "manual" })
      for (const line of response.headers.getSetCookie()) {
        const [pair = ""] = line.split(";")
        jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1))
      }
      return response
    }
    expect((await send("/api/me")).status).toBe(401)
    const { csrfToken } = (await (await send("/api/auth/csrf")).json()) as { csrfToken: string }
    const signIn = await send("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ csrfToken, username: "alice", password: "wonderland", callbackUrl: "/" }),
    })
    expect(signIn.headers.get("location")).toBe(`${app.url}/`)

    expect(await (await send("/")).text()).toContain("Signed in as Alice (alice@example.com)")
    expect(await (await send("/private")).text()).toContain("Hello, Alice!")
    const me = (await (await send("/api/me")).json()) as { session: { user: { id: string }; provider: string }; token: { sub: string } }
    expect(me.session.user.id).toBe("1")
    expect(me.session.provider).toBe("credentials")
    expect(me.token.sub).toBe("1")
  })

  it("signed out, /private redirects to the sign-in page with the way back", async () => {
    const response = await fetch(`${app.url}/private`, { redirect: "manual" })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get("location")!, app.url)
    expect(location.pathname).toBe("/api/auth/signin")
    expect(location.searchParams.get("callbackUrl")).toBe(`${app.url}/private`)
  })

  it("RT-04: a request naming another host is answered 421, the outbox included", async () => {
    const { port } = new URL(app.url)
    // fetch() will not send a Host of our choosing; node:http will.
    const response = await new Promise<number>((resolve, reject) => {
      get({ host: "127.0.0.1", port, path: "/outbox", headers: { host: `rebound.example:${port}` } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      }).on("error", reject)
    })
    expect(response).toBe(421)
  })
})
