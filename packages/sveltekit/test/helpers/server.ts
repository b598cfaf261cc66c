/**
 * A SvelteKit server in miniature: each request becomes a `RequestEvent` the way SvelteKit's `respond()` builds it —
 * `request`, `url`, `locals`, `getClientAddress()`, and `cookies` from SvelteKit's own cookie module (its defaults,
 * its view of cookies set during the request) — then runs through the app's `handle`. What `resolve` answers gets the
 * cookies set during the request, and a thrown `redirect()` becomes a redirect response with them, as in SvelteKit; a
 * response `handle` returns itself is sent as it is. Routes are functions of the event: a page, or a form action.
 */
import { fileURLToPath } from "node:url"
import { isRedirect, type Action, type Handle, type RequestEvent } from "@sveltejs/kit"

interface CookieModule {
  get_cookies(request: Request, url: URL): {
    cookies: RequestEvent["cookies"]
    new_cookies: Map<string, unknown>
    set_trailing_slash(trailingSlash: "never" | "always" | "ignore"): void
  }
  add_cookies_to_headers(headers: Headers, cookies: Iterable<unknown>): void
}

// Not in @sveltejs/kit's exports map: the module SvelteKit's server itself uses for `event.cookies`.
const cookieModulePath = fileURLToPath(new URL("../../../../node_modules/@sveltejs/kit/src/runtime/server/cookie.js", import.meta.url))
const { get_cookies, add_cookies_to_headers } = (await import(/* @vite-ignore */ cookieModulePath)) as CookieModule

export type Route = (event: RequestEvent) => Promise<Response> | Response

/** The client address `getClientAddress()` reports. */
export const CLIENT_ADDRESS = "203.0.113.7"

export interface App {
  origin: string
  send: (request: Request) => Promise<Response>
  /** The last event `handle` saw, for looking at `locals`. */
  lastEvent?: RequestEvent
}

export interface AppOptions {
  /** Where the browser reaches the app. */
  origin?: string
  /** `event.platform`, as an adapter sets it (Cloudflare: `{ env }`). */
  platform?: unknown
}

export function createApp(handle: Handle, routes: Record<string, Route> = {}, { origin = "http://localhost:5173", platform }: AppOptions = {}): App {
  const app: App = {
    origin,
    async send(request) {
      const url = new URL(request.url)
      const { cookies, new_cookies, set_trailing_slash } = get_cookies(request, url)
      set_trailing_slash("never")
      const event = {
        request,
        url,
        cookies,
        locals: {},
        params: {},
        route: { id: url.pathname },
        platform,
        isDataRequest: false,
        isSubRequest: false,
        getClientAddress: () => CLIENT_ADDRESS,
        setHeaders: () => {},
        fetch,
      } as unknown as RequestEvent
      app.lastEvent = event
      const withCookies = (response: Response): Response => {
        add_cookies_to_headers(response.headers, new_cookies.values())
        return response
      }
      try {
        return await handle({
          event,
          resolve: async (resolved) => {
            const route = routes[resolved.url.pathname]
            return withCookies(route ? await route(resolved) : new Response("Not found", { status: 404 }))
          },
        })
      } catch (error) {
        if (isRedirect(error)) return withCookies(new Response(null, { status: error.status, headers: { location: error.location } }))
        throw error
      }
    },
  }
  return app
}

/** A page whose `+page.server.ts` exports `actions = { default: action }`: POST runs it, as SvelteKit does. */
export function formAction(action: Action): Route {
  return async (event) => {
    if (event.request.method !== "POST") return new Response("the page")
    const data = await action(event)
    return Response.json({ type: "success", data: data ?? null })
  }
}

/** A browser of sorts: a cookie jar that applies `Set-Cookie` as a browser does, over an app. */
export class Browser {
  readonly jar = new Map<string, string>()
  /** The `Set-Cookie` lines of the last response. */
  lastSetCookie: string[] = []

  constructor(readonly app: App) {}

  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(path, { headers })
  }

  post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: this.app.origin, ...headers },
      body: new URLSearchParams(form).toString(),
    })
  }

  async send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers }
    if (this.jar.size) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ")
    const response = await this.app.send(new Request(`${this.app.origin}${path}`, { ...init, headers }))
    this.lastSetCookie = response.headers.getSetCookie()
    for (const line of this.lastSetCookie) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim())
      const name = pair.slice(0, pair.indexOf("="))
      const value = pair.slice(pair.indexOf("=") + 1)
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a))
      if (expired || value === "") this.jar.delete(name)
      else this.jar.set(name, value)
    }
    return response
  }

  async csrfToken(basePath = "/auth"): Promise<string> {
    const response = await this.get(`${basePath}/csrf`)
    return ((await response.json()) as { csrfToken: string }).csrfToken
  }
}
