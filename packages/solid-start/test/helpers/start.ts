/**
 * SolidStart's side of the tests. SolidStart itself is not installed: its current major (2) needs Node.js 24, and 1.x
 * brings Vinxi and Nitro with it, for a routing step of a dozen lines. What is faked, as `createBaseHandler` of
 * `@solidjs/start` 1.3 and 2.0 (dist/server/handler.js, the same in both) does it:
 *
 * - the API route match: `routes/api/auth/[...solidauth].ts` answers every path under its folder;
 * - the `APIEvent` the handler gets (`request`, `clientAddress`, `params`, `locals`, `response`);
 * - `HEAD` answered by `GET`; a handler returning nothing falls through to the page at that path for a `GET`, and is
 *   SolidStart's error (500, "did not return a response") for any other method.
 */
import { memoryStore } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import type { SolidAuthConfig, SolidAuthEvent, SolidAuthHandlers } from "../../src/index.js"

export const SECRET = "a-solid-test-secret-that-is-long-enough-0123456789"
export const SESSION_COOKIE = "authjs.session-token"
export const ORIGIN = "http://localhost:3000"

export const alice = { id: "u1", name: "Alice", email: "alice@example.com", username: "alice", password: "wonderland" }

/** JWT sessions and one credentials user (id `credentials`). No prefix: `/api/auth`. */
export function testConfig(overrides: Partial<SolidAuthConfig> = {}): SolidAuthConfig {
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

export interface StartApp {
  /** Answers a request as SolidStart's server would. */
  fetch: (request: Request, clientAddress?: string) => Promise<Response>
}

/** An app whose `src/routes/<folder>/[...solidauth].ts` exports `handlers`, with a page at every other path. */
export function startApp(handlers: SolidAuthHandlers, folder = "/api/auth"): StartApp {
  return {
    async fetch(request, clientAddress = "127.0.0.1") {
      const { pathname } = new URL(request.url)
      if (pathname.startsWith(`${folder}/`)) {
        const event: SolidAuthEvent & Record<string, unknown> = {
          request,
          clientAddress,
          params: { solidauth: pathname.slice(folder.length + 1) },
          locals: {},
          response: { status: 200, headers: new Headers() },
        }
        const method = request.method === "HEAD" ? "GET" : request.method
        const handler = handlers[method as keyof SolidAuthHandlers]
        if (!handler) return new Response("Method Not Allowed", { status: 405 })
        const response = await handler(event)
        if (response !== undefined) return response
        if (method !== "GET") return new Response(`API handler for ${request.method} "${request.url}" did not return a response.`, { status: 500 })
      }
      return new Response(`<p>the page at ${pathname}</p>`, { status: 200, headers: { "content-type": "text/html" } })
    },
  }
}

/** A browser of sorts: a cookie jar, redirects not followed. */
export class Browser {
  readonly jar = new Map<string, string>()

  constructor(
    readonly app: StartApp,
    readonly clientAddress = "127.0.0.1",
  ) {}

  get(path: string): Promise<Response> {
    return this.send(new Request(new URL(path, ORIGIN)))
  }

  post(path: string, form: Record<string, string>): Promise<Response> {
    return this.send(
      new Request(new URL(path, ORIGIN), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) }),
    )
  }

  /** `request` with this browser's cookies, its `Set-Cookie` lines kept. */
  async send(request: Request): Promise<Response> {
    if (this.jar.size) request.headers.set("cookie", [...this.jar].map(([name, value]) => `${name}=${value}`).join("; "))
    const response = await this.app.fetch(request, this.clientAddress)
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim())
      const name = pair.slice(0, pair.indexOf("="))
      const value = pair.slice(pair.indexOf("=") + 1)
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a))
      if (expired || value === "") this.jar.delete(name)
      else this.jar.set(name, value)
    }
    return response
  }

  /** A request for a page, as the browser sends it (for `getSession`). */
  pageRequest(path = "/"): Request {
    const headers = new Headers()
    if (this.jar.size) headers.set("cookie", [...this.jar].map(([name, value]) => `${name}=${value}`).join("; "))
    return new Request(new URL(path, ORIGIN), { headers })
  }

  async csrfToken(prefix = "/api/auth"): Promise<string> {
    return ((await (await this.get(`${prefix}/csrf`)).json()) as { csrfToken: string }).csrfToken
  }

  /** The built-in sign-in page's credentials form. */
  async signIn(prefix = "/api/auth", username = alice.username, password = alice.password): Promise<Response> {
    const csrfToken = await this.csrfToken(prefix)
    return this.post(`${prefix}/callback/credentials`, { csrfToken, username, password, callbackUrl: "/" })
  }
}
