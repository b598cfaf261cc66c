/**
 * The body of a POST: read raw when the handlers come first; re-serialised when a body parser came first; refused
 * with a 4xx (never a 500) when too large or when a parser left nothing to pass on.
 */
import { ExpressAuth } from "@gatehousejs/express"
import type { RequestHandler } from "express"
import { afterEach, describe, expect, it } from "vitest"
import { alice, Browser, expressVersions, SESSION_COOKIE, startApp, testConfig, type RunningApp } from "./helpers/server.js"

describe.each(expressVersions)("%s", (_, express) => {
  let app: RunningApp | undefined
  afterEach(async () => {
    await app?.close()
    expect(app?.errors).toEqual([])
    app = undefined
  })

  async function withParsers(...parsers: RequestHandler[]): Promise<Browser> {
    const { handlers } = ExpressAuth(testConfig())
    app = await startApp(express, (server) => {
      for (const parser of parsers) server.use(parser)
      server.use("/auth", handlers)
    })
    return new Browser(app.url)
  }

  it.each([
    ["express.urlencoded({ extended: false })", { extended: false }],
    ["express.urlencoded({ extended: true })", { extended: true }],
  ])("with %s mounted first, the credentials sign-in still works", async (_, options) => {
    const browser = await withParsers(express.json(), express.urlencoded(options))
    const response = await browser.signIn()
    expect(response.headers.get("location")).toBe(`${app!.url}/`)
    expect(browser.jar.has(SESSION_COOKIE)).toBe(true)
  })

  it("with express.json() mounted first, a JSON session update still works", async () => {
    const browser = await withParsers(express.json())
    await browser.signIn()
    const csrfToken = await browser.csrfToken()
    const response = await browser.postJson("/auth/session", { csrfToken, data: { user: { name: "Alice L." } } })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ user: { name: "Alice L.", email: alice.email } })
  })

  it("with the CSRF token missing from a re-serialised body, the sign-in is still refused", async () => {
    const browser = await withParsers(express.urlencoded({ extended: false }))
    await browser.csrfToken()
    const response = await browser.post("/auth/callback/credentials", { username: alice.username, password: alice.password })
    expect(response.headers.get("location")).toContain("error=MissingCSRF")
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false)
  })

  it("a parser that consumed the body and left nothing usable: a 400 that says what to do", async () => {
    const swallow: RequestHandler = (req, _res, next) => {
      req.resume()
      req.on("end", () => next())
    }
    const browser = await withParsers(swallow)
    const csrfToken = await browser.csrfToken()
    const response = await browser.post("/auth/callback/credentials", { csrfToken, username: alice.username, password: alice.password })
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(/mount the auth handlers before body parsers/)
  })

  it("a declared body over 64 KiB is a 413", async () => {
    const browser = await withParsers()
    const response = await browser.post("/auth/callback/credentials", { padding: "x".repeat(70 * 1024) })
    expect(response.status).toBe(413)
  })

  it("a chunked body growing past 64 KiB is a 413", async () => {
    const browser = await withParsers()
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const response = await browser.send("/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit & { headers: Record<string, string> })
    expect(response.status).toBe(413)
  })
})
