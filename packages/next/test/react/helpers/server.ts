/**
 * The real server behind the React client in tests: `globalThis.fetch` is routed into a Gatehouse instance's handlers
 * (`Gatehouse({...}).handlers` from `@gatehousejs/core`, JWT sessions, a Credentials provider), with a cookie jar that
 * plays the browser's part. Every request is recorded, so a test can say which requests the client made.
 *
 * happy-dom's `Request`/`Response` behave as a browser's must — they drop `Cookie` and `Set-Cookie` — so the server half
 * runs on the Fetch classes of Next.js's own edge runtime (undici, as in Node), installed as the globals for the file.
 */
import { memoryStore } from "@gatehousejs/core"
import { createRequire } from "node:module"
import { Gatehouse, type AuthConfig } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"

export const PASSWORD = "correct horse battery staple"
export const ALICE = { id: "u1", name: "Alice", email: "alice@example.com" }

interface FetchPrimitives {
  Request: typeof Request
  Response: typeof Response
  Headers: typeof Headers
}
const server = createRequire(import.meta.url)("next/dist/compiled/@edge-runtime/primitives/fetch.js") as FetchPrimitives
Object.assign(globalThis, { Request: server.Request, Response: server.Response, Headers: server.Headers })

export interface RecordedRequest {
  method: string
  /** Path and query, e.g. `/api/auth/session`. */
  path: string
  headers: Headers
  body: string
}

export interface TestServer {
  requests: RecordedRequest[]
  /** Cookie name → value, as the browser holds them. */
  jar: Map<string, string>
  /** While true, every request fails like a network error. */
  offline: boolean
  /** Answers a request instead of Gatehouse when it returns a `Response`. */
  intercept?: (request: RecordedRequest) => Response | undefined
  /** The requests to one endpoint, e.g. `count("GET", "/api/auth/session")`. */
  count(method: string, path: string): number
  /** Signs Alice in directly, as another tab or a server action would. */
  signInAlice(): Promise<void>
}

/** Credentials (username `alice`, {@link PASSWORD}); `update(data)` may rename the user through the `jwt` callback. */
export function testConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    // Rate limits on, as by default, but counted per configuration (one store each), not across the whole file.
    rateLimit: { store: memoryStore() },
    secret: "a-test-secret-that-is-long-enough-0123456789",
    trustHost: true,
    basePath: "/api/auth",
    session: { strategy: "jwt" },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize: ({ username, password }) => (username === "alice" && password === PASSWORD ? ALICE : null),
      }),
    ],
    callbacks: {
      jwt: ({ token, trigger, session }) => {
        const name = (session as { name?: unknown } | undefined)?.name
        if (trigger === "update" && typeof name === "string") token.name = name
        return token
      },
    },
    ...overrides,
  }
}

/** Installs the routed `fetch` for the page at `window.location` and returns its controls. */
export function startServer(config: AuthConfig = testConfig()): TestServer {
  const { handlers } = Gatehouse(config)
  const state: TestServer = {
    requests: [],
    jar: new Map(),
    offline: false,
    count: (method, path) => state.requests.filter((r) => r.method === method && r.path === path).length,
    signInAlice: async () => {
      const { csrfToken } = (await (await send("/api/auth/csrf", {})).json()) as { csrfToken: string }
      const body = new URLSearchParams({ username: "alice", password: PASSWORD, csrfToken }).toString()
      await send("/api/auth/callback/credentials", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body })
    },
  }

  async function send(input: string | URL | Request, init: RequestInit): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href)
    const headers = new server.Headers(init.headers as HeadersInit | undefined)
    if (state.jar.size) headers.set("cookie", [...state.jar].map(([name, value]) => `${name}=${value}`).join("; "))
    const body = init.body === undefined || init.body === null ? "" : String(init.body)
    const recorded: RecordedRequest = { method: (init.method ?? "GET").toUpperCase(), path: url.pathname + url.search, headers, body }
    state.requests.push(recorded)
    if (state.offline) throw new TypeError("Failed to fetch")
    const intercepted = state.intercept?.(recorded)
    if (intercepted) return intercepted
    const request = new server.Request(url, { method: recorded.method, headers, body: recorded.method === "GET" ? undefined : body })
    const response = await (recorded.method === "GET" ? handlers.GET(request) : handlers.POST(request))
    store(state.jar, response.headers.getSetCookie())
    return response
  }

  globalThis.fetch = ((input: string | URL | Request, init: RequestInit = {}) => send(input, init)) as typeof fetch
  return state
}

/** Applies `Set-Cookie` lines the way a browser does, deletions included. */
function store(jar: Map<string, string>, lines: string[]): void {
  for (const line of lines) {
    const [pair = "", ...attributes] = line.split(/;\s*/)
    const eq = pair.indexOf("=")
    const name = pair.slice(0, eq)
    const value = pair.slice(eq + 1)
    const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a))
    if (expired || value === "") jar.delete(name)
    else jar.set(name, value)
  }
}
