/**
 * `NextAuth(config | lazy)` → `{ handlers, auth, signIn, signOut, unstable_update }`, as `next-auth` v5 returns them, and
 * Gatehouse's own (next-auth has none): `getAccessToken` (provider token refresh), the session registry, and the
 * `Password` provider's `signUp`, `requestPasswordReset`, `resetPassword`, `changePassword`.
 * A thin layer over the engine: `Auth()` answers the endpoints; core's `frameworkEngine()` reads the session (as
 * `GET /session` answers it, without an HTTP request) and runs the server-side sign-in, sign-out and update. This module
 * only finds the request (an argument, `headers()`, a Node.js request) and the configuration for it, and decides what
 * `auth(...)` was called as.
 */
import { Auth, configOf, safeErrorName, type AccessToken, type AuthorizationParams, type GetAccessTokenOptions, type Session } from "@gatehousejs/core"
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from "next"
import { headers } from "next/headers.js"
import { unstable_rethrow } from "next/navigation"
import type { NextRequest } from "next/server.js"
import { createActions, type NextSessionFunctions, type SignInOptions, type SignOutOptions } from "./actions.js"
import { nextEngine, type NextAuthInput } from "./config.js"
import { handleAuth, type NextAuthHandler } from "./handle-auth.js"
import { createPasswordActions, type NextPasswordFunctions } from "./password-actions.js"
import { sessionForNodeRequest, type NodeRequestLike, type NodeResponseLike } from "./pages-router.js"
import { originFromHeaders } from "./public-url.js"
import { readSession, requestFromHeaders } from "./read-session.js"

/** The route handlers of `app/api/auth/[...nextauth]/route.ts`: `export const { GET, POST } = handlers`. */
export interface AppRouteHandlers {
  GET: (request: NextRequest) => Promise<Response>
  POST: (request: NextRequest) => Promise<Response>
}

/** Every form of `auth`, as in next-auth v5. */
export interface NextAuthAuth {
  /** Server components, server actions, route handlers: the session from `headers()`. Refreshed cookies are not sent. */
  (): Promise<Session | null>
  /** As middleware / `proxy.ts`: `export { auth as middleware }`. */
  (request: NextRequest, event?: unknown): Promise<Response>
  /** Wraps a middleware or an App Router route handler; `req.auth` is the session. */
  <Context = unknown>(handler: NextAuthHandler<Context>): (request: NextRequest, context: Context) => Promise<Response>
  /** `getServerSideProps`: refreshed session cookies are appended to `context.res`. */
  (context: Pick<GetServerSidePropsContext, "req" | "res">): Promise<Session | null>
  /** Pages Router API routes: refreshed session cookies are appended to `res`. */
  (request: NextApiRequest, response: NextApiResponse): Promise<Session | null>
}

export interface NextAuthResult extends NextSessionFunctions, NextPasswordFunctions {
  handlers: AppRouteHandlers
  auth: NextAuthAuth
  /**
   * Signs in from a server action or route handler. `provider` omitted (or unknown): to the sign-in page. Writes the
   * session cookie, then `redirect()`s (throws `NEXT_REDIRECT`), or returns the URL with `redirect: false`. A refused
   * sign-in throws its `AuthError` (`CredentialsSignin` for wrong credentials).
   *
   * @example
   * <form action={async (form) => { "use server"; await signIn("credentials", form) }}>…</form>
   */
  signIn: <Redirect extends boolean = true>(
    provider?: string,
    options?: FormData | (SignInOptions & { redirect?: Redirect }),
    authorizationParams?: AuthorizationParams,
  ) => Promise<Redirect extends false ? string : never>
  /**
   * Signs out: clears the session cookie, then `redirect()`s, or returns the URL with `redirect: false`. When the store
   * could not end a database session, clears the cookie and throws `SignOutError` (the session stays valid until it
   * expires).
   */
  signOut: <Redirect extends boolean = true>(options?: SignOutOptions & { redirect?: Redirect }) => Promise<Redirect extends false ? string : never>
  /**
   * Updates the session (the `jwt` callback sees `trigger: "update"` and `session: data`), writes the cookie, and
   * returns the new session. Only where cookies can be written: server actions and route handlers.
   */
  unstable_update: (data: Partial<Session> | { user: Partial<Session["user"]> }) => Promise<Session | null>
  /**
   * The signed-in user's access token at `providerId` (server components, route handlers, server actions), refreshed
   * first when it expires within `minValidity` seconds (default 60); `null` when signed out, not linked, or the refresh
   * failed. Gatehouse only (next-auth has no token refresh); docs/token-refresh.md.
   */
  getAccessToken: (providerId: string, options?: GetAccessTokenOptions) => Promise<AccessToken | null>
}

/**
 * Initialises Gatehouse for a Next.js app (15 or 16, App and Pages Router).
 *
 * @example
 * // auth.ts
 * export const { handlers, auth, signIn, signOut } = NextAuth({ providers: [GitHub] })
 * // app/api/auth/[...nextauth]/route.ts
 * export const { GET, POST } = handlers
 * // proxy.ts (middleware.ts before Next.js 16)
 * export { auth as proxy } from "@/auth"
 */
export function NextAuth(input: NextAuthInput): NextAuthResult {
  const engine = nextEngine(input)
  const { configFor, gatehouse } = engine

  const handler = async (request: NextRequest): Promise<Response> => {
    // A lazy configuration that threw: the generic 500, its error's name (never its message) in the log.
    const config = await engine.configOrFailure(request)
    if (config instanceof Response) return config
    // The engine puts AUTH_URL's origin (or, with trustHost, the forwarded one) on the request itself.
    return Auth(request, config)
  }

  /** `auth()` with no argument: the request of this scope, known by its headers. */
  async function sessionOfScope(): Promise<Session | null> {
    // Outside a try: during prerendering `headers()` throws to mark the page dynamic, and that must reach Next.js.
    const incoming = await headers()
    try {
      const config = await configFor(undefined)
      // Set-Cookie is dropped: a server component cannot write cookies (the middleware rolls the session instead).
      return (await readSession(engine, requestFromHeaders(originFromHeaders(incoming), incoming), config)).session
    } catch (error) {
      unstable_rethrow(error)
      console.error(`[gatehouse][error] auth() failed with ${safeErrorName(error)}; treated as signed out.`)
      return null
    }
  }

  function auth(...args: unknown[]): unknown {
    const [first, second] = args
    if (!args.length) return sessionOfScope()
    if (first instanceof Request) return handleAuth(first, second, engine)
    if (typeof first === "function") {
      return (request: Request, context: unknown) => handleAuth(request, context, engine, first as NextAuthHandler)
    }
    // Pages Router: `auth(req, res)` in an API route, `auth(context)` in getServerSideProps.
    const isContext = typeof first === "object" && first !== null && "req" in first
    const req = (isContext ? (first as { req: unknown }).req : first) as NodeRequestLike
    const res = (isContext ? (first as { res?: unknown }).res : second) as NodeResponseLike | undefined
    return sessionForNodeRequest(req, res, engine)
  }

  const context = { gatehouse, configFor, register: engine.bind }
  const actions = createActions(context)
  const passwords = createPasswordActions(context)

  const result: NextAuthResult = {
    handlers: { GET: handler, POST: handler },
    auth: auth as NextAuthAuth,
    signIn: actions.signIn as NextAuthResult["signIn"],
    signOut: actions.signOut as NextAuthResult["signOut"],
    unstable_update: actions.unstable_update,
    getAccessToken: actions.getAccessToken,
    listSessions: actions.listSessions,
    revokeSession: actions.revokeSession,
    revokeOtherSessions: actions.revokeOtherSessions,
    revokeUserSessions: actions.revokeUserSessions,
    ...passwords,
  }
  // For `npx gatehousejs doctor`: the configuration as the engine gets it (Next's defaults applied), not enumerable.
  for (const target of [result, result.auth, result.handlers]) Object.defineProperty(target, configOf, { value: configFor, enumerable: false })
  return result
}
