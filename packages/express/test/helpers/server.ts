/**
 * Test helpers: a real Express app (4 or 5) on an ephemeral loopback port, and a browser of sorts — `fetch` with a
 * cookie jar that applies `Set-Cookie` lines as a browser does.
 */
import { memoryStore } from "@gatehousejs/core"
import type { AddressInfo } from "node:net"
import express5, { type ErrorRequestHandler, type Express } from "express"
import express4 from "express4"
import Credentials from "@gatehousejs/core/providers/credentials"
import type { ExpressAuthConfig } from "@gatehousejs/express"

export const SECRET = "an-express-test-secret-long-enough-0123456789"

export const alice = { id: "u1", name: "Alice", email: "alice@example.com", username: "alice", password: "wonderland" }

/** Both majors, for `describe.each`. */
export const expressVersions: [string, typeof express5][] = [
  ["Express 4", express4],
  ["Express 5", express5],
]

/** JWT sessions, one credentials user, and `unstable_update` able to rename her. */
export function testConfig(overrides: Partial<ExpressAuthConfig> = {}): ExpressAuthConfig {
  return {
    // Rate limits on, as by default, but counted per configuration (one store each), not across the whole file.
    rateLimit: { store: memoryStore() },
    secret: SECRET,
    trustHost: true,
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: ({ username, password }) =>
          username === alice.username && password === alice.password ? { id: alice.id, name: alice.name, email: alice.email } : null,
      }),
    ],
    callbacks: {
      jwt({ token, trigger, session }) {
        const name = (session as { user?: { name?: unknown } } | undefined)?.user?.name
        if (trigger === "update" && typeof name === "string") token.name = name
        return token
      },
    },
    ...overrides,
  }
}

export interface RunningApp {
  url: string
  /** Errors that reached the app's error handler (each answered 500). */
  errors: unknown[]
  close: () => Promise<void>
}

/** Builds an app with `express`, lets `setUp` add routes, appends an error handler, and listens on 127.0.0.1:0. */
export async function startApp(express: typeof express5, setUp: (app: Express) => void): Promise<RunningApp> {
  const app = express()
  setUp(app)
  const errors: unknown[] = []
  const onError: ErrorRequestHandler = (error, _req, res, next) => {
    errors.push(error)
    if (res.headersSent) return next(error)
    res.status(500).send("error handler")
  }
  app.use(onError)
  const server = app.listen(0, "127.0.0.1")
  await new Promise<void>((resolve, reject) => server.once("listening", resolve).once("error", reject))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    errors,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

/** `fetch` against one app with a cookie jar; redirects are returned, not followed. */
export class Browser {
  readonly jar = new Map<string, string>()

  constructor(readonly origin: string) {}

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ")
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(path, { headers })
  }

  async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: this.origin, ...headers },
      body: new URLSearchParams(form).toString(),
    })
  }

  async postJson(path: string, json: unknown): Promise<Response> {
    return this.send(path, { method: "POST", headers: { "content-type": "application/json", origin: this.origin }, body: JSON.stringify(json) })
  }

  async send(path: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers }
    if (this.jar.size) headers.cookie = this.cookieHeader()
    const response = await fetch(`${this.origin}${path}`, { ...init, headers, redirect: "manual" })
    this.store(response)
    return response
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim())
      const name = pair.slice(0, pair.indexOf("="))
      const value = pair.slice(pair.indexOf("=") + 1)
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a))
      if (expired || value === "") this.jar.delete(name)
      else this.jar.set(name, value)
    }
  }

  async csrfToken(basePath = "/auth"): Promise<string> {
    const response = await this.get(`${basePath}/csrf`)
    return ((await response.json()) as { csrfToken: string }).csrfToken
  }

  /** The credentials form, as the built-in sign-in page posts it. */
  async signIn(basePath = "/auth", password = alice.password): Promise<Response> {
    const csrfToken = await this.csrfToken(basePath)
    return this.post(`${basePath}/callback/credentials`, { csrfToken, username: alice.username, password, callbackUrl: "/" })
  }
}

export const SESSION_COOKIE = "authjs.session-token"
