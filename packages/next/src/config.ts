/**
 * `NextAuthConfig` — the engine's `AuthConfig` with the Next.js `authorized` callback — and the Next.js defaults
 * applied to it: `basePath` is `/api/auth` unless configured or given by the path of `AUTH_URL` / `NEXTAUTH_URL`
 * (as next-auth's own `setEnvDefaults`). The engine does the rest of the environment inference (secrets, trustHost,
 * provider credentials) itself.
 */
import { clientAddressHint, frameworkEngine, type AuthConfig, type CallbacksOptions, type FrameworkEngine, type Session } from "@gatehousejs/core"
import { unstable_rethrow } from "next/navigation"
import type { NextRequest, NextResponse } from "next/server.js"

type Awaitable<T> = T | PromiseLike<T>

export const DEFAULT_BASE_PATH = "/api/auth"

/** What works in Next.js when per-client rate limits cannot see the client (the engine's warning leads with it). */
const NO_CLIENT_ADDRESS =
  "Next.js route handlers and server actions do not see the connection's address: list the proxy in front of the app (Vercel's, nginx, a load balancer) in rateLimit.trustedProxies so that its X-Forwarded-For is read (docs/rate-limits.md)."

/** Callbacks of `NextAuthConfig`: the engine's, with `authorized` receiving the `NextRequest`. */
export interface NextAuthCallbacks extends Omit<Partial<CallbacksOptions>, "authorized"> {
  /**
   * Applied by `auth` used as middleware / `proxy.ts` and by `auth(fn)` wrappers: `true` lets the request through,
   * a falsy value redirects to the sign-in page (`pages.signIn`, else `{basePath}/signin`) with `callbackUrl`, a
   * `Response` is answered as it is. A redirect `Response` to a page that this callback also guards loops.
   *
   * @example
   * authorized: ({ request, auth }) => !request.nextUrl.pathname.startsWith("/dashboard") || Boolean(auth?.user)
   */
  authorized?: (params: { request: NextRequest; auth: Session | null }) => Awaitable<boolean | NextResponse | Response | undefined>
}

/** The configuration of `NextAuth()`. `basePath` defaults to `/api/auth` (or the path of `AUTH_URL`). */
export interface NextAuthConfig extends Omit<AuthConfig, "raw" | "callbacks"> {
  callbacks?: NextAuthCallbacks
}

/**
 * A configuration, or a function returning one, called for every request: with the `NextRequest` in route handlers,
 * middleware and `auth(fn)` wrappers (for Pages Router calls, a `NextRequest` built from the Node request), with
 * `undefined` in server components and server actions.
 */
export type NextAuthInput = NextAuthConfig | ((request: NextRequest | undefined) => Awaitable<NextAuthConfig>)

/**
 * How `NextAuth()` reaches the engine (core's `frameworkEngine`): the configuration of each request with its
 * `basePath` decided, kept per configuration object and base path, so that the engine's per-object cache of the
 * resolved configuration keeps working with a static configuration. A `redirect()` or `notFound()` thrown by the lazy
 * function is Next.js's, not a configuration failure.
 */
export function nextEngine(input: NextAuthInput): FrameworkEngine<NextRequest | undefined> {
  return frameworkEngine<NextAuthConfig, NextRequest | undefined>(input, {
    framework: "@gatehousejs/next",
    basePath: (config) => normaliseBasePath(config.basePath ?? basePathFromEnv(processEnv()) ?? DEFAULT_BASE_PATH),
    // The engine never calls `authorized` (only this package does), so its narrower request type is not a concern.
    derive: (config, basePath) => ({ ...(config as AuthConfig), basePath, [clientAddressHint]: NO_CLIENT_ADDRESS }),
    rethrow: unstable_rethrow,
  })
}

/** The path of `AUTH_URL` (else `NEXTAUTH_URL`) when it is not `/`. An unparsable URL is ignored. */
export function basePathFromEnv(env: Record<string, string | undefined>): string | undefined {
  const value = env.AUTH_URL || env.NEXTAUTH_URL
  if (!value) return undefined
  try {
    const { pathname } = new URL(value)
    return pathname !== "/" ? pathname : undefined
  } catch {
    return undefined
  }
}

/** As the engine normalises it: one leading slash, no trailing one. */
function normaliseBasePath(path: string): string {
  return `/${path}`.replace(/^\/+/, "/").replace(/\/+$/, "")
}

/** `process.env` where there is one (Node.js, and Next.js's edge runtime, which inlines it). */
export function processEnv(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
}
