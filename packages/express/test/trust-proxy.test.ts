/**
 * The public URL is Express's: `trust proxy` decides whether `X-Forwarded-Host` / `-Proto` count, for the endpoints
 * and for the server-side helpers alike; a client cannot make the engine honour them behind Express's back. A Host
 * that is not a plain host is refused with a 400, never a 500.
 */
import { request } from "node:http"
import { ExpressAuth } from "@gatehousejs/express"
import type { Express } from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, expressVersions, startApp, testConfig, type RunningApp } from "./helpers/server.js"

const forwarded = { "x-forwarded-host": "proxy.example", "x-forwarded-proto": "https" }

function routes(server: Express): void {
  const { handlers, auth, sessionMiddleware, signIn } = ExpressAuth(testConfig())
  server.use("/auth", handlers)
  server.get("/login-page", async (req, res) => {
    await signIn(req, res, undefined, { redirectTo: "/back" })
  })
  server.get("/me", async (req, res) => {
    res.json({ session: await auth(req, res) })
  })
  server.get("/page", sessionMiddleware, (_req, res) => {
    res.send("page")
  })
}

/** A raw request, so the Host header can be anything. */
function rawGet(url: string, path: string, host: string): Promise<{ status: number | undefined; body: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    request({ host: hostname, port, path, headers: { host } }, (res) => {
      let body = ""
      res.setEncoding("utf8")
      res.on("data", (chunk: string) => (body += chunk))
      res.on("end", () => resolve({ status: res.statusCode, body }))
    })
      .on("error", reject)
      .end()
  })
}

describe.each(expressVersions)("%s", (_, express) => {
  describe("trust proxy off (the default)", () => {
    let app: RunningApp
    beforeAll(async () => {
      app = await startApp(express, routes)
    })
    afterAll(async () => {
      await app.close()
      expect(app.errors).toEqual([])
    })

    it("an endpoint ignores X-Forwarded-Host and -Proto sent by a client", async () => {
      const response = await new Browser(app.url).get("/auth/signin/credentials", forwarded)
      expect(new URL(response.headers.get("location")!).origin).toBe(app.url)
    })

    it("so do the server-side helpers", async () => {
      const response = await new Browser(app.url).get("/login-page", forwarded)
      expect(response.headers.get("location")).toBe(`${app.url}/auth/signin?callbackUrl=%2Fback`)
    })

    it("the cookies stay those of plain http", async () => {
      const response = await new Browser(app.url).get("/auth/csrf", forwarded)
      expect(response.headers.getSetCookie()[0]).toMatch(/^authjs\.csrf-token=/)
    })

    it.each([
      ["a path", "evil.example/path?"],
      ["user-info", "user@evil.example"],
      ["two hosts", "a.example, b.example"],
    ])("a Host header with %s is a 400 at the endpoints and in the middleware, and signed out in auth()", async (_, host) => {
      expect((await rawGet(app.url, "/auth/session", host)).status).toBe(400)
      expect((await rawGet(app.url, "/page", host)).status).toBe(400)
      expect(await rawGet(app.url, "/me", host)).toEqual({ status: 200, body: '{"session":null}' })
    })

    it("a Host with an underscore (a Docker service name) is a host", async () => {
      expect((await rawGet(app.url, "/auth/providers", "auth_service:3000")).status).toBe(200)
    })
  })

  describe('trust proxy "loopback"', () => {
    let app: RunningApp
    beforeAll(async () => {
      app = await startApp(express, (server) => {
        server.set("trust proxy", "loopback")
        routes(server)
      })
    })
    afterAll(async () => {
      await app.close()
      expect(app.errors).toEqual([])
    })

    it("an endpoint builds its URLs on the forwarded host and protocol", async () => {
      const response = await new Browser(app.url).get("/auth/signin/credentials", forwarded)
      expect(new URL(response.headers.get("location")!).origin).toBe("https://proxy.example")
    })

    it("so do the server-side helpers", async () => {
      const response = await new Browser(app.url).get("/login-page", forwarded)
      expect(response.headers.get("location")).toBe("https://proxy.example/auth/signin?callbackUrl=%2Fback")
    })

    it("the cookies take the secure prefixes of https", async () => {
      const response = await new Browser(app.url).get("/auth/csrf", forwarded)
      expect(response.headers.getSetCookie()[0]).toMatch(/^__Host-authjs\.csrf-token=.*; Secure/)
    })

    it("the first of several X-Forwarded-Host values counts, port included", async () => {
      const response = await new Browser(app.url).get("/login-page", { "x-forwarded-host": "proxy.example:8443, inner.example" })
      expect(response.headers.get("location")).toBe("http://proxy.example:8443/auth/signin?callbackUrl=%2Fback")
    })

    it("a forwarded protocol other than http or https is a 400", async () => {
      const response = await new Browser(app.url).get("/auth/session", { "x-forwarded-proto": "gopher" })
      expect(response.status).toBe(400)
    })
  })
})
