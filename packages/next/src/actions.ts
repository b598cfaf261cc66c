/**
 * `signIn`, `signOut` and `unstable_update` for server actions and route handlers (Auth.js's `lib/actions.ts`): the
 * engine's server-side operations (`Gatehouse()` from `@gatehousejs/core`) run against a request built from
 * `headers()`; the cookies they set are written with `cookies().set(name, value, options)`; then `redirect()` from
 * `next/navigation`, which throws `NEXT_REDIRECT` — never caught here, and it must not be caught by the caller either
 * (or rethrown: `unstable_rethrow`). Refused sign-ins throw their `AuthError` (`CredentialsSignin`…), except a magic
 * link that could not be sent: that resolves to the sign-in page with `error=EmailSignin`, as next-auth resolves (its
 * raw engine answers a failed send with a redirect). A sign-out the store could not complete throws `SignOutError`,
 * after clearing the cookie.
 */
import {
  EmailSignInError,
  SignOutError,
  type AccessToken,
  type AuthConfig,
  type AuthorizationParams,
  type GatehouseResult,
  type GetAccessTokenOptions,
  type Session,
  type SessionInfo,
} from "@gatehousejs/core"
import { cookies, headers } from "next/headers.js"
import { redirect } from "next/navigation"
import { DEFAULT_BASE_PATH } from "./config.js"
import { originFromHeaders } from "./public-url.js"

type Cookie = Awaited<ReturnType<GatehouseResult["unstable_update"]>>["cookies"][number]

export interface SignInOptions extends Record<string, unknown> {
  /** Where to go after signing in: a path (or a URL of this site). Default: the `Referer`, else `/`. */
  redirectTo?: string
  /** Default `true`: `redirect()` there. `false`: return the URL instead. */
  redirect?: boolean
}

export interface SignOutOptions {
  /** Where to go after signing out. Default: the `Referer`, else `/`. */
  redirectTo?: string
  /** Default `true`: `redirect()` there. `false`: return the URL instead. */
  redirect?: boolean
}

/** The session registry's functions (Gatehouse only; next-auth has none): the signed-in user is this scope's. */
export interface NextSessionFunctions {
  /** The user's sessions, newest first, this browser's marked `current`; `null` when signed out. */
  listSessions: () => Promise<SessionInfo[] | null>
  /** Ends the user's session with this id (from `listSessions`); false when the user has none with it. */
  revokeSession: (id: string) => Promise<boolean>
  /** Ends every session of the user but this browser's ("sign out everywhere else"); how many. */
  revokeOtherSessions: () => Promise<number>
  /** Ends every session of a user on every device (after a password change or a ban); how many. */
  revokeUserSessions: (userId: string) => Promise<number>
}

/** How the actions reach the engine: a request of this scope, registered with its configuration. */
export interface ActionContext {
  gatehouse: GatehouseResult
  /** The (lazy) configuration for a server action: called with `undefined`. */
  configFor: (request: undefined) => Promise<AuthConfig>
  register: (request: Request, config: AuthConfig) => void
}

/**
 * A body-less request at the public origin with the incoming headers (cookies, `Referer` as the default `redirectTo`,
 * forwarded host and protocol), registered with the configuration for the engine.
 */
async function scope(context: ActionContext): Promise<{ request: Request; config: AuthConfig }> {
  const incoming = new Headers(await headers())
  for (const name of ["content-length", "content-type", "content-encoding", "transfer-encoding", "connection"]) incoming.delete(name)
  const request = new Request(`${originFromHeaders(incoming)}/`, { headers: incoming })
  const config = await context.configFor(undefined)
  context.register(request, config)
  return { request, config }
}

/** The request of this scope (`headers()`), registered with its configuration: what core's server functions take. */
export async function scopeRequest(context: ActionContext): Promise<Request> {
  return (await scope(context)).request
}

/**
 * Where the endpoint sends a browser whose magic link could not be sent (core's `EmailSignInError`, already logged by
 * the engine): the app's sign-in page, else `{basePath}/signin`, with `error=EmailSignin`.
 */
function emailFailedUrl(request: Request, config: AuthConfig): string {
  const url = new URL(config.pages?.signIn ?? `${config.basePath ?? DEFAULT_BASE_PATH}/signin`, request.url)
  url.searchParams.set("error", "EmailSignin")
  return url.href
}

/** Writes the engine's cookies for this response. Throws (Next.js) when called where cookies are read-only. */
export async function writeCookies(list: Cookie[]): Promise<void> {
  if (!list.length) return
  const jar = await cookies()
  for (const { name, value, options } of list) jar.set(name, value, options)
}

export function createActions(context: ActionContext): {
  signIn: (provider?: string, options?: FormData | SignInOptions, authorizationParams?: AuthorizationParams) => Promise<string>
  signOut: (options?: SignOutOptions) => Promise<string>
  unstable_update: (data: Partial<Session> | { user: Partial<Session["user"]> }) => Promise<Session | null>
  getAccessToken: (providerId: string, options?: GetAccessTokenOptions) => Promise<AccessToken | null>
} & NextSessionFunctions {
  async function signIn(provider?: string, options: FormData | SignInOptions = {}, authorizationParams?: AuthorizationParams): Promise<string> {
    // A submitted form cannot turn the redirect off: `redirect` is the caller's decision, never a form field's.
    const { redirect: shouldRedirect = true, ...fields } = options instanceof FormData ? formFields(options) : options
    const { request, config } = await scope(context)
    const result = await context.gatehouse
      .signIn(request, provider, { ...fields, redirect: false }, authorizationParams)
      .catch((error: unknown): { url: string; cookies: Cookie[] } => {
        // next-auth resolves here rather than rejecting (docs/differences.md row 145 says where to).
        if (error instanceof EmailSignInError) return { url: emailFailedUrl(request, config), cookies: [] }
        throw error
      })
    await writeCookies(result.cookies)
    if (shouldRedirect) redirect(result.url)
    return result.url
  }

  async function signOut(options: SignOutOptions = {}): Promise<string> {
    const request = await scopeRequest(context)
    const result = await context.gatehouse.signOut(request, { redirectTo: options.redirectTo, redirect: false }).catch(async (error: unknown) => {
      // RT-05: the store kept the session; this browser still drops its cookie, and the error reaches the boundary.
      if (error instanceof SignOutError) await writeCookies(error.cookies)
      throw error
    })
    await writeCookies(result.cookies)
    if (options.redirect ?? true) redirect(result.url)
    return result.url
  }

  async function unstable_update(data: Partial<Session> | { user: Partial<Session["user"]> }): Promise<Session | null> {
    const { session, cookies: list } = await context.gatehouse.unstable_update(await scopeRequest(context), data)
    await writeCookies(list)
    return session
  }

  async function getAccessToken(providerId: string, options: GetAccessTokenOptions = {}): Promise<AccessToken | null> {
    const list: Cookie[] = []
    const token = await context.gatehouse.getAccessToken(await scopeRequest(context), providerId, { ...options, cookies: list })
    try {
      await writeCookies(list)
    } catch {
      // A Server Component cannot set cookies: the token is still right; without an adapter, its refreshed cookie is
      // written by the next route handler, server action or proxy that asks (docs/token-refresh.md).
    }
    return token
  }

  // The session registry (docs/sessions.md): core's functions on this scope's request; no logic of their own.
  const registry: NextSessionFunctions = {
    listSessions: async () => context.gatehouse.listSessions(await scopeRequest(context)),
    revokeSession: async (id) => context.gatehouse.revokeSession(await scopeRequest(context), id),
    revokeOtherSessions: async () => context.gatehouse.revokeOtherSessions(await scopeRequest(context)),
    async revokeUserSessions(userId) {
      // Needs no incoming request: callable from a route handler, a server action or a script alike.
      const request = new Request("http://localhost/")
      context.register(request, await context.configFor(undefined))
      return context.gatehouse.revokeUserSessions(userId, request)
    },
  }

  return { signIn, signOut, unstable_update, getAccessToken, ...registry }
}

/** A submitted form as sign-in fields: its text entries, the first of each name; `redirect` is not a field. */
function formFields(form: FormData): SignInOptions {
  const fields: Record<string, unknown> = {}
  for (const [key, value] of form) if (typeof value === "string" && !(key in fields)) fields[key] = value
  delete fields.redirect
  return fields
}
