/**
 * Test helpers: a Hono app wired as `@hono/auth-js`'s README wires it, reached through one of two transports — the
 * Web-standard path (`app.fetch(request)`, as Workers, Deno and Bun call it) and a real Node.js server
 * (`@hono/node-server` on an ephemeral loopback port) — and a browser of sorts: a cookie jar over either.
 */
import type { AddressInfo } from "node:net"
import { serve } from "@hono/node-server"
import { memoryStore } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import { authHandler, initAuthConfig, verifyAuth, type AuthConfig, type ConfigHandler } from "@gatehousejs/hono"
import { Hono } from "hono"

export const SECRET = "a-hono-test-secret-that-is-long-enough-0123456789"
export const SESSION_COOKIE = "authjs.session-token"

export const alice = { id: "u1", name: "Alice", email: "alice@example.com", username: "alice", password: "wonderland" }

/** JWT sessions and one credentials user. No `basePath`: the default (`/api/auth`) applies. */
export function testConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    // Rate limits on, as by default, but counted per configuration, not across the whole file.
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
    ...overrides,
  }
}

/** The README's app: the configuration, the endpoints under `/api/auth`, `/api/*` behind `verifyAuth()`. */
export function readmeApp(config: AuthConfig | ConfigHandler, routes?: (app: Hono) => void): Hono {
  const app = new Hono()
  app.use("*", initAuthConfig(typeof config === "function" ? config : () => config))
  app.use("/api/auth/*", authHandler())
  app.use("/api/*", verifyAuth())
  app.get("/api/protected", (c) => c.json(c.get("authUser")))
  routes?.(app)
  return app
}

export interface Transport {
  origin: string
  send: (request: Request) => Promise<Response>
  close: () => Promise<void>
}

type Start = (app: Hono) => Promise<Transport>

/** Both ways in, for `describe.each`. */
export const transports: [string, Start][] = [
  [
    "app.fetch (Web-standard runtime)",
    async (app) => ({ origin: "http://localhost:8787", send: async (request) => app.fetch(request), close: async () => {} }),
  ],
  [
    "@hono/node-server",
    async (app) => {
      const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started))
      })
      const { port } = server.address() as AddressInfo
      return {
        origin: `http://127.0.0.1:${port}`,
        send: (request) => fetch(request, { redirect: "manual" }),
        close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
      }
    },
  ],
]

/** Requests through a transport with a cookie jar that applies `Set-Cookie` as a browser does. */
export class Browser {
  readonly jar = new Map<string, string>()

  constructor(readonly transport: Transport) {}

  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(path, { headers })
  }

  post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: this.transport.origin, ...headers },
      body: new URLSearchParams(form).toString(),
    })
  }

  async send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers }
    if (this.jar.size) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ")
    const response = await this.transport.send(new Request(`${this.transport.origin}${path}`, { ...init, headers }))
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

  async csrfToken(basePath = "/api/auth"): Promise<string> {
    const response = await this.get(`${basePath}/csrf`)
    return ((await response.json()) as { csrfToken: string }).csrfToken
  }

  /** The credentials form, as the built-in sign-in page posts it. */
  async signIn(basePath = "/api/auth", password = alice.password): Promise<Response> {
    const csrfToken = await this.csrfToken(basePath)
    return this.post(`${basePath}/callback/credentials`, { csrfToken, username: alice.username, password, callbackUrl: "/" })
  }

  /** The built-in sign-out page's form. */
  async signOut(basePath = "/api/auth"): Promise<Response> {
    const csrfToken = await this.csrfToken(basePath)
    return this.post(`${basePath}/signout`, { csrfToken, callbackUrl: "/" })
  }
}
