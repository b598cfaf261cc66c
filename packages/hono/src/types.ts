/**
 * The types of `@hono/auth-js`, name for name: `AuthConfig` (the engine's, without `raw`), `AuthEnv`, `AuthUser`
 * (what `c.get("authUser")` holds), `ConfigHandler`, and the context variables `authConfig` and `authUser`.
 */
import type { AdapterUser, AuthConfig as CoreAuthConfig, JWT, Session } from "@gatehousejs/core"
import type { Context } from "hono"

declare module "hono" {
  interface ContextVariableMap {
    /** Set by `verifyAuth()`: the signed-in user of this request. */
    authUser: AuthUser
    /** Set by `initAuthConfig()`: the configuration of this request. */
    authConfig: AuthConfig
  }
}

/** The variables read from `env(c)` (Hono's `hono/adapter`): `process.env` on Node.js, the bindings on Workers. */
export type AuthEnv = {
  AUTH_URL?: string
  AUTH_SECRET: string
  AUTH_REDIRECT_PROXY_URL?: string
  [key: string]: string | undefined
}

/**
 * The signed-in user as `@hono/auth-js` gives it: what the engine passed to the `session` callback (after your callback
 * ran, so what it changed on `session` shows here).
 *
 * - JWT sessions: `session` (`user` with `name`, `email`, `image`, and `expires`) and `token`, the JWT.
 * - Database sessions: `session` (the stored session with its `user`, without the session token) and `user`, the
 *   adapter's user.
 */
export type AuthUser = {
  session: Session
  token?: JWT
  user?: AdapterUser
}

/** The engine's configuration. `basePath` defaults to `/api/auth` (or the path of `AUTH_URL`). */
export interface AuthConfig extends Omit<CoreAuthConfig, "raw"> {}

/** Builds the configuration for a request, from its context (`c.env` holds a Worker's bindings). */
export type ConfigHandler = (c: Context) => AuthConfig | Promise<AuthConfig>
