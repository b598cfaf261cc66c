/**
 * `Gatehouse(config | lazy)` for Web-standard frameworks (Hono, Bun, Deno, SvelteKit, Remix, Astro, …): the same
 * five names as `NextAuth()`, with the incoming request passed explicitly where Next.js would read it from context.
 *
 * | Next.js (`@gatehousejs/next`)            | Web standard (`@gatehousejs/core`)                          |
 * |----------------------------------------|-----------------------------------------------------------|
 * | `handlers.GET/POST(req)`               | `handlers.GET/POST(request)`                              |
 * | `auth()`                               | `auth(request)` → `Session \| null`                       |
 * | `auth((req) => …)`                     | `auth((request) => …)`, `request.auth` set                |
 * | `signIn(provider, options, params)`    | `signIn(request, provider, options, params)` → `Response` |
 * | `signOut(options)`                     | `signOut(request, options)` → `Response`                  |
 * | `unstable_update(data)`                | `unstable_update(request, data)` → `{ session, headers }` |
 * | (none: Auth.js has no token refresh)   | `getAccessToken(request, providerId)` → token \| `null`     |
 * | (none: Auth.js has no session registry) | `listSessions(request)`, `revokeSession(request, id)`,     |
 * |                                        | `revokeOtherSessions(request)`, `revokeUserSessions(userId)` |
 *
 * With `redirect: false`, `signIn` and `signOut` resolve to `{ url, headers }` instead of a redirect `Response`:
 * forward `headers` (its `Set-Cookie` lines) on your own response. `signOut` rejects with `SignOutError` when the store
 * could not end a database session: forward its `headers` too (they clear the cookie) and show an error.
 */
import { peerAddressOf, withPeerAddress } from "./rate-limit/peer.js"
import { handle } from "./auth.js"
import { resolveConfig, type ResolvedConfig } from "./config/resolve.js"
import { AuthError, SignOutError } from "./errors.js"
import { serializeCookie, type Cookie } from "./http/cookie.js"
import { withConfig } from "./symbols.js"
import { createContext } from "./context.js"
import { parseRequest } from "./http/request.js"
import { sessionFunctions } from "./session-registry/server-functions.js"
import type { AccessToken, GetAccessTokenOptions } from "./token-refresh/access-token.js"
import { json, toResponse, type ResponseInternal } from "./http/response.js"
import type { Session } from "./types.js"
import type { Awaitable } from "./util/awaitable.js"
import type {
  AuthorizationParams,
  GatehouseConfig,
  GatehouseResult,
  RedirectResult,
  RequestWithAuth,
  SignInOptions,
  SignOutOptions,
} from "./gatehouse-types.js"

/**
 * Initialises Gatehouse once and returns the route handlers and the server-side helpers.
 *
 * @example
 * const { handlers, auth } = Gatehouse({ providers: [Credentials({ authorize })] })
 * app.all("/auth/*", (c) => handlers.GET(c.req.raw))
 * const session = await auth(request)
 */
export function Gatehouse(config: GatehouseConfig): GatehouseResult {
  const configFor = async (request: Request | undefined): Promise<ResolvedConfig> =>
    resolveConfig(typeof config === "function" ? await config(request) : config)

  const handler = async (request: Request): Promise<Response> => {
    let resolved: ResolvedConfig
    try {
      resolved = await configFor(request)
    } catch (error) {
      // The error's name only: an application's own error message may carry a credential (a vault URL, a token).
      console.error(`[gatehouse][error] The lazy configuration function threw ${errorName(error)}; no request can be answered.`)
      return toResponse(json({ message: "There was a problem with the server configuration. Check the server logs for more information." }, 500), false)
    }
    return toResponse(await handle(request, resolved, { raw: resolved.raw }), request.headers.has("x-auth-return-redirect"))
  }

  /** Runs an internal request against the engine in raw mode; `AuthError`s propagate. */
  const call = async (request: Request, action: string, init: { method: "GET" | "POST"; body?: Record<string, string>; search?: string }): Promise<{ result: ResponseInternal; resolved: ResolvedConfig }> => {
    const resolved = await configFor(request)
    const url = new URL(`${resolved.basePath}/${action}${init.search ?? ""}`, request.url)
    const headers = new Headers()
    for (const name of ["cookie", "host", "x-forwarded-host", "x-forwarded-proto", "user-agent", "accept-language"]) {
      const value = request.headers.get(name)
      if (value) headers.set(name, value)
    }
    let body: string | undefined
    if (init.body) {
      headers.set("content-type", "application/x-www-form-urlencoded")
      body = new URLSearchParams(init.body).toString()
    }
    // The connection's address travels along: a server-side sign-in spends the same per-client budget as a form.
    const internal = withPeerAddress(new Request(url, { method: init.method, headers, body }), peerAddressOf(request))
    const result = await handle(internal, resolved, { raw: true, skipCSRFCheck: true })
    return { result, resolved }
  }

  const sessionFor = async (request: Request): Promise<{ session: Session | null; result?: ResponseInternal }> => {
    try {
      const { result } = await call(request, "session", { method: "GET" })
      if ((result.status ?? 200) !== 200) return { session: null }
      return { session: (result.body as Session | null) ?? null, result }
    } catch (error) {
      // Fail closed: a broken configuration or store means "not signed in", never an exception in a page.
      if (!(error instanceof AuthError)) console.error(`[gatehouse][error] auth() failed with ${errorName(error)}; treated as signed out.`)
      return { session: null }
    }
  }

  function auth(request: Request): Promise<Session | null>
  function auth<Args extends unknown[]>(
    handler: (request: RequestWithAuth, ...args: Args) => Awaitable<Response>,
  ): (request: Request, ...args: Args) => Promise<Response>
  function auth(arg: Request | ((request: RequestWithAuth, ...args: unknown[]) => Awaitable<Response>)): unknown {
    if (typeof arg !== "function") return sessionFor(arg).then((r) => r.session)
    return async (request: Request, ...args: unknown[]): Promise<Response> => {
      const { session, result } = await sessionFor(request)
      const resolved = await configFor(request).catch(() => undefined)
      const authorized = resolved?.callbacks.authorized
      let response: Response | undefined
      if (authorized) {
        const verdict = await authorized({ auth: session, request })
        if (verdict instanceof Response) response = verdict
        else if (verdict === false) response = signInRedirect(request, resolved)
      }
      if (!response) {
        Object.defineProperty(request, "auth", { value: session, configurable: true, enumerable: true })
        response = await arg(request as RequestWithAuth, ...args)
      }
      return withCookies(response, result)
    }
  }

  async function signIn(
    request: Request,
    provider?: string,
    options: FormData | SignInOptions = {},
    authorizationParams?: AuthorizationParams,
  ): Promise<Response | RedirectResult> {
    const { redirect = true, redirectTo, ...fields } = options instanceof FormData ? fromFormData(options) : options
    const callbackUrl = redirectTo ?? request.headers.get("referer") ?? "/"
    const resolved = await configFor(request)
    const known = provider ? resolved.providersById.get(provider) : undefined
    let result: ResponseInternal
    if (!known) {
      // Straight to the app's own sign-in page when it has one: one hop, and the address bar shows that page.
      const url = new URL(resolved.pages.signIn ?? `${resolved.basePath}/signin`, request.url)
      url.searchParams.set("callbackUrl", callbackUrl)
      result = { redirect: url.href }
    } else {
      const action = known.type === "credentials" ? `callback/${encodeURIComponent(known.id)}` : `signin/${encodeURIComponent(known.id)}`
      const search = authorizationParams ? `?${new URLSearchParams(authorizationParams).toString()}` : ""
      const body = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]))
      result = (await call(request, action, { method: "POST", body: { ...body, callbackUrl }, search })).result
    }
    return finish(result, redirect)
  }

  async function signOut(request: Request, options: SignOutOptions = {}): Promise<Response | RedirectResult> {
    const { redirect = true, redirectTo } = options
    const callbackUrl = redirectTo ?? request.headers.get("referer") ?? "/"
    try {
      const { result } = await call(request, "signout", { method: "POST", body: { callbackUrl } })
      return finish(result, redirect)
    } catch (error) {
      // RT-05: never a success the session outlives; the cookie is still to be cleared by whoever answers.
      if (error instanceof SignOutError) error.headers = cookieHeaders({ cookies: error.cookies })
      throw error
    }
  }

  async function unstable_update(request: Request, data: unknown): Promise<{ session: Session | null; headers: Headers; cookies: Cookie[] }> {
    const resolved = await configFor(request)
    const url = new URL(`${resolved.basePath}/session`, request.url)
    const headers = new Headers({ "content-type": "application/json" })
    const cookie = request.headers.get("cookie")
    if (cookie) headers.set("cookie", cookie)
    const result = await handle(new Request(url, { method: "POST", headers, body: JSON.stringify({ data }) }), resolved, {
      raw: true,
      skipCSRFCheck: true,
    })
    return { session: (result.body as Session | null) ?? null, headers: cookieHeaders(result), cookies: result.cookies ?? [] }
  }

  async function getAccessToken(
    request: Request,
    providerId: string,
    options: GetAccessTokenOptions & { headers?: Headers; cookies?: Cookie[] } = {},
  ): Promise<AccessToken | null> {
    try {
      const resolved = await configFor(request)
      if (resolved.configError) return null
      const headers = new Headers()
      for (const name of ["cookie", "host", "x-forwarded-host", "x-forwarded-proto"]) {
        const value = request.headers.get(name)
        if (value) headers.set(name, value)
      }
      const req = await parseRequest(new Request(new URL(`${resolved.basePath}/session`, request.url), { headers }), resolved)
      const { accessTokenFor } = await import("./token-refresh/access-token.js")
      const { token, cookies } = await accessTokenFor(createContext(resolved, req, {}), providerId, options)
      for (const cookie of cookies) options.headers?.append("Set-Cookie", serializeCookie(cookie))
      options.cookies?.push(...cookies)
      return token
    } catch (error) {
      // Never a throw for the app's page: the failure is logged, the answer is "no token".
      console.error(`[gatehouse][error] getAccessToken failed with ${errorName(error)}; answered null.`)
      return null
    }
  }

  const result: GatehouseResult = {
    handlers: { GET: handler, POST: handler },
    auth: auth as GatehouseResult["auth"],
    signIn: signIn as GatehouseResult["signIn"],
    signOut: signOut as GatehouseResult["signOut"],
    unstable_update,
    getAccessToken,
    ...sessionFunctions(call, configFor),
  }
  return withConfig(result, config)
}

/** A submitted form as sign-in options: its text fields, with `redirectTo` and `redirect` read as options. */
function fromFormData(form: FormData): SignInOptions {
  const options: SignInOptions = {}
  for (const [key, value] of form) if (typeof value === "string" && !(key in options)) options[key] = value
  const redirect = form.get("redirect")
  delete options.redirect
  if (redirect === "false") options.redirect = false
  return options
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error
}

function cookieHeaders(result: ResponseInternal | undefined): Headers {
  const headers = new Headers()
  for (const cookie of result?.cookies ?? []) headers.append("Set-Cookie", serializeCookie(cookie))
  return headers
}

function finish(result: ResponseInternal, redirect: boolean): Response | RedirectResult {
  const url = result.redirect ?? ""
  if (!redirect) return { url, headers: cookieHeaders(result), cookies: result.cookies ?? [] }
  return toResponse(result, false)
}

/** Refreshed session cookies go out on the wrapped handler's response. */
function withCookies(response: Response, result: ResponseInternal | undefined): Response {
  const extra = cookieHeaders(result)
  if (![...extra.keys()].length) return response
  const copy = new Response(response.body, response)
  for (const value of extra.getSetCookie()) copy.headers.append("Set-Cookie", value)
  return copy
}

/** `authorized` said no: to the sign-in page, coming back here afterwards — unless this is the sign-in page. */
function signInRedirect(request: Request, resolved: ResolvedConfig | undefined): Response {
  const url = new URL(request.url)
  const signInPath = resolved?.pages.signIn ?? `${resolved?.basePath ?? "/auth"}/signin`
  if (url.pathname === signInPath.split("?")[0]) return new Response("Forbidden", { status: 403 })
  const target = new URL(signInPath, url.origin)
  target.searchParams.set("callbackUrl", url.href)
  return new Response(null, { status: 302, headers: { Location: target.href } })
}
