/**
 * Test helpers: one place that builds a real Gatehouse instance and drives it with Web `Request`s, carrying cookies
 * between requests like a browser would.
 */
import { Auth, memoryStore, withPeerAddress, type AuthConfig } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"

export const SECRET = "a-test-secret-that-is-long-enough-0123456789"
export const ORIGIN = "https://app.example"
export const BASE = "/auth"

export const users: Record<string, { id: string; name: string; email: string; password: string }> = {
  alice: { id: "u1", name: "Alice", email: "alice@example.com", password: "correct horse battery staple" },
}

export function credentialsProvider(): ReturnType<typeof Credentials> {
  return Credentials({
    credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
    authorize: ({ username, password }) => {
      const user = users[String(username)]
      return user && user.password === password ? { id: user.id, name: user.name, email: user.email } : null
    },
  })
}

export function testConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  // Rate limits on, as by default, but counted per configuration: tests sharing a username do not share its failures.
  const rateLimit = { store: memoryStore() }
  return { secret: SECRET, trustHost: true, basePath: BASE, providers: [credentialsProvider()], rateLimit, ...overrides }
}

/** A cookie jar that applies `Set-Cookie` headers the way a browser does (deletions included). */
export class Browser {
  readonly jar = new Map<string, string>()
  /** The connection's address, recorded on every request as a framework package does; unset: none is known. */
  peer?: string
  constructor(
    readonly config: AuthConfig,
    readonly origin = ORIGIN,
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ")
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split("; ")
      const eq = pair!.indexOf("=")
      const name = pair!.slice(0, eq)
      const value = pair!.slice(eq + 1)
      const expired = attributes.some((a) => a === "Max-Age=0" || a.startsWith("Expires=Thu, 01 Jan 1970"))
      if (expired || value === "") this.jar.delete(name)
      else this.jar.set(name, value)
    }
  }

  async request(path: string, init: { method?: string; body?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.jar.size && !headers.has("cookie")) headers.set("cookie", this.cookieHeader())
    let body: string | undefined
    if (init.body) {
      headers.set("content-type", "application/x-www-form-urlencoded")
      body = new URLSearchParams(init.body).toString()
    } else if (init.json !== undefined) {
      headers.set("content-type", "application/json")
      body = JSON.stringify(init.json)
    }
    const request = new Request(`${this.origin}${BASE}${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body })
    const response = await Auth(withPeerAddress(request, this.peer), this.config)
    this.store(response)
    return response
  }

  async csrfToken(): Promise<string> {
    const response = await this.request("/csrf")
    return ((await response.json()) as { csrfToken: string }).csrfToken
  }

  async signIn(username = "alice", password = users.alice!.password, extra: Record<string, string> = {}): Promise<Response> {
    const csrfToken = await this.csrfToken()
    return this.request("/callback/credentials", { body: { username, password, csrfToken, ...extra } })
  }

  async session(): Promise<unknown> {
    return (await this.request("/session")).json()
  }
}
