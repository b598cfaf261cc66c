/**
 * A Qwik City app as a Qwik project would have it, served by Qwik City's own Node.js adapter (`createQwikCity()` of
 * `@builder.io/qwik-city/middleware/node`, what `npm run build.server` wires up) on a loopback port:
 *
 * - `src/routes/plugin@auth.ts`: the result of `QwikAuth$()`, as a server plugin;
 * - `src/routes/index.tsx` and `src/routes/protected/index.tsx`: pages, the second guarded by an `onRequest` that reads
 *   `event.sharedMap.get("session")`, as `@auth/qwik`'s documentation shows.
 *
 * Faked: the pages' rendering. Instead of Qwik's SSR of components, `render` writes what the page's components would
 * read, as JSON: the value of `useSession()` (the route loaders' results) and of the submitted action.
 */
import "./qwik-runtime.js"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { RequestEventCommon } from "@builder.io/qwik-city"
import { createQwikCity } from "@builder.io/qwik-city/middleware/node"
import type { RenderToString, RenderToStringResult } from "@builder.io/qwik/server"
import { memoryStore, type Session } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import type { QwikAuthConfig, QwikAuthResult } from "../../src/index.js"

export const SECRET = "a-qwik-test-secret-that-is-long-enough-0123456789"
export const SESSION_COOKIE = "authjs.session-token"

export const alice = { id: "u1", name: "Alice", email: "alice@example.com", username: "alice", password: "wonderland" }

/** JWT sessions and one credentials user (id `credentials`). */
export function testConfig(overrides: Partial<QwikAuthConfig> = {}): QwikAuthConfig {
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

/** What a page "renders": the values its components would read. */
export interface PageData {
  session: Session | null
  action: unknown
}

export interface App {
  origin: string
  close: () => Promise<void>
}

type ActionOrLoader = { __id: string }

/** Serves `plugin` (the module `plugin@auth.ts` exports) with the two pages. */
export async function startApp(plugin: QwikAuthResult): Promise<App> {
  const page = { default: (): null => null }
  const protectedPage = {
    default: (): null => null,
    // @auth/qwik's documented guard.
    onRequest: (event: RequestEventCommon): void => {
      const session = event.sharedMap.get("session") as Session | null
      if (!session || new Date(session.expires) < new Date()) {
        throw event.redirect(302, `/auth/signin?callbackUrl=${encodeURIComponent(event.url.pathname)}`)
      }
    },
  }
  // Qwik City writes `html` of a render-to-string result as the page's body.
  const render: RenderToString = async (options) => {
    const response = (options.serverData as { qwikcity: { response: { loaders: Record<string, unknown>; action?: string } } }).qwikcity.response
    const data: PageData = {
      session: (response.loaders[idOf(plugin.useSession)] ?? null) as Session | null,
      action: response.action ? response.loaders[response.action] : undefined,
    }
    return { html: JSON.stringify(data) } as RenderToStringResult
  }
  const { router, notFound } = createQwikCity({
    render,
    qwikCityPlan: {
      routes: [
        ["protected", [async () => protectedPage], "/protected"],
        ["", [async () => page], "/"],
      ],
      serverPlugins: [plugin],
      menus: [],
      trailingSlash: false,
      basePathname: "/",
      cacheModules: true,
    } as unknown as Parameters<typeof createQwikCity>[0]["qwikCityPlan"],
  })
  const server: Server = createServer((req, res) => {
    void router(req, res, () => notFound(req, res, () => res.end()))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}

/** The id Qwik City knows an action or a loader by (`?qaction=<id>`). */
export function idOf(actionOrLoader: unknown): string {
  return (actionOrLoader as ActionOrLoader).__id
}

/** A browser of sorts over real HTTP: a cookie jar, redirects not followed, `Origin` on every POST. */
export class Browser {
  readonly jar = new Map<string, string>()

  constructor(readonly origin: string) {}

  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(path, { headers })
  }

  post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: this.origin, ...headers },
      body: new URLSearchParams(form).toString(),
    })
  }

  async send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers }
    if (this.jar.size) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ")
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

  /** The page at `path`, as its components would see it. */
  async page(path = "/"): Promise<PageData> {
    const response = await this.get(path)
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as PageData
  }

  async csrfToken(): Promise<string> {
    const response = await this.get("/auth/csrf")
    return ((await response.json()) as { csrfToken: string }).csrfToken
  }

  /** The built-in sign-in page's credentials form, posted to the endpoint. */
  async signInWithForm(password = alice.password): Promise<Response> {
    const csrfToken = await this.csrfToken()
    return this.post("/auth/callback/credentials", { csrfToken, username: alice.username, password, callbackUrl: "/" })
  }
}
