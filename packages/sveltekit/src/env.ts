/**
 * The SvelteKit defaults of a configuration, as `@auth/sveltekit`'s `setEnvDefaults` sets them, on a copy (the app's
 * object is not changed):
 *
 * - `basePath`: `{paths.base}/auth` unless the configuration sets one (`@auth/sveltekit` overwrote any `basePath`,
 *   though its documentation says it can be set);
 * - `trustHost`: `true` under `vite dev`; otherwise from the environment (`AUTH_TRUST_HOST`, `AUTH_URL`, Vercel,
 *   Cloudflare Pages, or `NODE_ENV` other than `production`), as the engine infers it;
 * - the rest from `$env/dynamic/private` by the engine's `setEnvDefaults`: `secret` (`AUTH_SECRET`, `AUTH_SECRET_1..3`),
 *   `redirectProxyUrl`, and each provider's `AUTH_<ID>_ID` / `_SECRET` / `_ISSUER` / `_KEY`.
 *
 * `@auth/sveltekit` also turned the CSRF check off for every endpoint (`skipCSRFCheck`); here it stays on: the
 * form actions and `locals.signIn` run server-side, where the engine needs no token, and the `/client` functions send
 * one.
 */
import { clientAddressHint, platformEnv, setEnvDefaults as engineEnvDefaults, type AuthConfig } from "@gatehousejs/core"
import { building, dev } from "$app/environment"
import { base } from "$app/paths"
import type { SvelteKitAuthConfig } from "./types.js"

/** The engine's configuration for `config`, filled from `env` (during `vite build`, only the SvelteKit defaults). */
/** What works in SvelteKit when per-client rate limits cannot see the client (the engine's warning leads with it). */
const NO_CLIENT_ADDRESS =
  "This SvelteKit adapter gave no client address (event.getClientAddress()): adapter-node gives the connection's (behind a proxy, set its ADDRESS_HEADER and XFF_DEPTH); elsewhere list your proxy in rateLimit.trustedProxies (docs/rate-limits.md)."

export function withSvelteKitDefaults(config: SvelteKitAuthConfig, env: Record<string, string | undefined>): AuthConfig {
  const derived: AuthConfig = {
    ...config,
    basePath: basePathOf(config),
    // Next.js's middleware callback: `@auth/sveltekit` never calls it, and `locals.auth()` must not either.
    callbacks: { ...config.callbacks, authorized: undefined },
  }
  if (dev) derived.trustHost ??= true
  if (building) return derived
  // The engine reads AUTH_URL, NODE_ENV and the secrets from $env too, not only from process.env (Cloudflare, Vercel).
  derived[platformEnv] = env
  derived[clientAddressHint] = NO_CLIENT_ADDRESS
  // The engine warns when AUTH_URL names another path than the one the endpoints answer under (`basePath` wins).
  const envPath = pathOf(env.AUTH_URL || env.NEXTAUTH_URL)
  engineEnvDefaults(env, derived, envPath === undefined || envPath === derived.basePath)
  return derived
}

/** Where the endpoints answer: the configured `basePath`, else `{paths.base}/auth`. */
export function basePathOf(config: SvelteKitAuthConfig): string {
  return config.basePath ?? `${base}/auth`
}

/** The path of an http(s) URL without its trailing slash; undefined for `/` and for what the engine ignores. */
function pathOf(value: string | undefined): string | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value)
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined
    const path = url.pathname.replace(/\/+$/, "")
    return path || undefined
  } catch {
    return undefined
  }
}
