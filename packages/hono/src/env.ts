/**
 * Environment inference from `env(c)` instead of `process.env`, so that a Worker's bindings count: `setEnvDefaults`
 * and `reqWithEnvUrl` of `@hono/auth-js`, with the same signatures. Two of its defects are fixed here:
 *
 * - `basePath` defaults to `/api/auth`, as `@hono/auth-js` documents (its code fell through to Auth.js core's `/auth`,
 *   so `app.use("/api/auth/*", authHandler())` answered every request with `UnknownAction` unless `AUTH_URL` had the
 *   path: honojs/middleware#895). Inside the middleware, the handler's mount comes before this default (engine.ts).
 * - Without `AUTH_URL` the request keeps its URL: `X-Forwarded-Host` / `X-Forwarded-Proto` count only when the engine
 *   trusts the host (`trustHost`, `AUTH_TRUST_HOST`), instead of always.
 */
import { setEnvDefaults as engineEnvDefaults } from "@gatehousejs/core"
import type { AuthConfig, AuthEnv } from "./types.js"

export const DEFAULT_BASE_PATH = "/api/auth"

/**
 * Fills `config` IN PLACE from `env`: `basePath` (the path of `AUTH_URL`, else `/api/auth`), then the engine's
 * `setEnvDefaults`: `secret` from `AUTH_SECRET` (and `AUTH_SECRET_1..3`, newest first: rotation is kept), `trustHost`,
 * `redirectProxyUrl`, each provider's `AUTH_<ID>_ID` / `_SECRET` / `_ISSUER` / `_KEY`. What `config` sets is kept.
 */
export function setEnvDefaults(env: AuthEnv, config: AuthConfig): void {
  const basePathGiven = config.basePath !== undefined
  config.basePath ??= basePathFromEnv(env) ?? DEFAULT_BASE_PATH
  // The engine warns when both `basePath` and a path in `AUTH_URL` are set: only when the app set both.
  engineEnvDefaults(env, config, !basePathGiven)
}

/**
 * `req` at the origin of `authUrl` (scheme, host and port), with `X-Forwarded-Host` / `X-Forwarded-Proto` dropped:
 * the configured public URL wins, as the engine decides with `AUTH_URL` in `process.env`. Without a usable `authUrl`
 * (an http(s) URL), `req` itself.
 */
export function reqWithEnvUrl(req: Request, authUrl?: string): Request {
  const origin = originOf(authUrl)
  if (!origin) return req
  const url = new URL(req.url)
  const target = new URL(`${url.pathname}${url.search}`, origin)
  if (target.href === url.href && !req.headers.has("x-forwarded-host") && !req.headers.has("x-forwarded-proto")) return req
  const headers = new Headers(req.headers)
  headers.delete("x-forwarded-host")
  headers.delete("x-forwarded-proto")
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: req.signal, redirect: req.redirect }
  if (req.body) {
    init.body = req.body
    init.duplex = "half" // a stream body (Node.js requires saying so)
  }
  return new Request(target, init)
}

/** The path of `AUTH_URL` (else `NEXTAUTH_URL`) when it is not `/`, as the engine reads it. */
export function basePathFromEnv(env: AuthEnv): string | undefined {
  const url = parse(env.AUTH_URL || env.NEXTAUTH_URL)
  return url && url.pathname !== "/" ? url.pathname.replace(/\/+$/, "") : undefined
}

/** The public URL's origin from `AUTH_URL` (else `NEXTAUTH_URL`), as the engine reads it. */
export function authUrlOf(env: AuthEnv): string | undefined {
  return originOf(env.AUTH_URL || env.NEXTAUTH_URL)
}

function originOf(value: string | undefined): string | undefined {
  return parse(value)?.origin
}

/** An http(s) URL, or undefined: anything else is ignored, as the engine ignores it. */
function parse(value: string | undefined): URL | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined
  } catch {
    return undefined
  }
}
