/**
 * Auth.js's framework-integration helpers, name for name and signature for signature (`@auth/core` 0.41 exports them
 * from its root): `setEnvDefaults`, `createActionURL`, `isAuthAction`. They reuse the engine's own environment
 * inference (`env.ts`), so a configuration filled by `setEnvDefaults` behaves as the same configuration left to the
 * engine. Where Auth.js has a defect the engine fixes on purpose, these follow the engine on purpose:
 *
 * - `AUTH_TRUST_HOST=false` (or `0`, `no`, `off`) means false; Auth.js trusts any non-empty value.
 * - `NEXTAUTH_SECRET` / `NEXTAUTH_URL` are read too (as next-auth's own `setEnvDefaults` does); an `AUTH_URL` that is
 *   not an http(s) URL is ignored, not thrown on; empty variables count as unset.
 * - `AUTH_URL` at the origin (`https://app.example`) leaves `basePath` at `/auth` (Auth.js core sets `/`).
 * - `createActionURL` reads `X-Forwarded-Host` / `X-Forwarded-Proto` only when the host is trusted (`trustHost`, else
 *   inferred from the environment as the engine does), takes the first value of each, ignores a value that is not a
 *   plain host or `http`/`https`, and throws a `TypeError` when there is no usable host (Auth.js builds `https://null`).
 *   A `basePath` of `/` adds no empty segment (Auth.js: `https://app.example//signin`).
 */
import { createLogger } from "../logger.js"
import { actions } from "../http/request.js"
import { envOptions } from "../providers/normalize.js"
import type { Provider, ProviderConfig } from "../providers/types.js"
import type { AuthAction } from "../types.js"
import type { AuthConfig } from "./auth-config.js"
import { secretsFromEnv, trustHostFromEnv, urlFromEnv, type Env } from "./env.js"

/** A plain host with an optional port: nothing that would move the URL elsewhere (a path, user-info). */
const hostPattern = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i

/** Whether `action` is one of the endpoints under `basePath` (`"signin"`, `"session"`, …). */
export function isAuthAction(action: string): action is AuthAction {
  return actions.has(action as AuthAction)
}

/**
 * Fills `config` IN PLACE from the environment, as Auth.js's `setEnvDefaults` does: `basePath` from the path of
 * `AUTH_URL` (else `/auth`), `secret` from `AUTH_SECRET` and `AUTH_SECRET_1..3` (newest first), `redirectProxyUrl`
 * from `AUTH_REDIRECT_PROXY_URL`, `trustHost`, and each provider's `clientId` / `clientSecret` / `issuer` (OAuth,
 * OIDC) or `apiKey` (email) from `AUTH_<ID>_ID` / `_SECRET` / `_ISSUER` / `_KEY`; a bare provider function is called
 * with those options. What the config already sets is kept.
 *
 * @param envObject `process.env`, or the platform's environment record.
 * @param suppressBasePathWarning for framework integrations that set `basePath` themselves.
 */
export function setEnvDefaults(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Auth.js's signature: any environment record
  envObject: any,
  config: AuthConfig,
  suppressBasePathWarning = false,
): void {
  const env: Env = envObject ?? {}
  const url = urlFromEnv(env)
  if (url) {
    if (config.basePath) {
      if (!suppressBasePathWarning && url.pathname !== "/") createLogger(config).warn("env-url-basepath-redundant")
    } else if (url.pathname !== "/") {
      config.basePath = url.pathname
    }
  }
  config.basePath ??= "/auth"

  if (!config.secret?.length) config.secret = secretsFromEnv(env)
  config.redirectProxyUrl ??= env.AUTH_REDIRECT_PROXY_URL
  config.trustHost ??= trustHostFromEnv(env, undefined)

  config.providers = config.providers.map((provider): Provider => {
    let final: ProviderConfig
    if (typeof provider === "function") {
      const call = provider as (options?: Record<string, unknown>) => ProviderConfig
      final = call(envOptions(call({}).id, env))
    } else {
      final = provider as ProviderConfig
    }
    const fromEnv = envOptions(final.id, env)
    const target = final as ProviderConfig & Record<string, unknown>
    if (final.type === "oauth" || final.type === "oidc") {
      target.clientId ??= fromEnv.clientId
      target.clientSecret ??= fromEnv.clientSecret
      target.issuer ??= fromEnv.issuer
    } else if (final.type === "email") {
      target.apiKey ??= fromEnv.apiKey
    }
    return final as Provider
  })
}

/**
 * The absolute URL of an endpoint, as Auth.js's `createActionURL` builds it for framework integrations: the origin
 * (and path) of `AUTH_URL` / `NEXTAUTH_URL` when set, else the request's `X-Forwarded-Host` or `Host` with
 * `X-Forwarded-Proto` or `protocol` (default `https`); then `basePath`, then `action`. No trailing slash.
 *
 * @example
 * createActionURL("session", "https", request.headers, process.env, { basePath: "/api/auth" })
 * // https://app.example/api/auth/session
 */
export function createActionURL(
  action: AuthAction,
  protocol: string,
  headers: Headers,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Auth.js's signature: any environment record
  envObject: any,
  config: Pick<AuthConfig, "basePath" | "logger"> & Partial<Pick<AuthConfig, "trustHost" | "debug">>,
): URL {
  const env: Env = envObject ?? {}
  const basePath = config?.basePath
  const envUrl = urlFromEnv(env)
  let url: URL
  if (envUrl) {
    url = new URL(envUrl.href)
    if (basePath && basePath !== "/" && url.pathname !== "/") {
      if (url.pathname !== basePath) createLogger(config ?? {}).warn("env-url-basepath-mismatch")
      url.pathname = "/"
    }
  } else {
    const trusted = trustHostFromEnv(env, config?.trustHost)
    const forwardedHost = trusted ? first(headers.get("x-forwarded-host")) : undefined
    const host = [forwardedHost, first(headers.get("host"))].find((h) => h !== undefined && hostPattern.test(h))
    if (!host) throw new TypeError("createActionURL: the request has no usable Host header; set AUTH_URL to the public URL.")
    const forwardedProto = trusted ? first(headers.get("x-forwarded-proto"))?.toLowerCase() : undefined
    const detected =
      forwardedProto === "http" || forwardedProto === "https" ? forwardedProto : (protocol || "https").replace(/:$/, "")
    url = new URL(`${detected}://${host}`)
  }
  const sanitizedUrl = url.toString().replace(/\/$/, "")
  const sanitizedBasePath = basePath?.replace(/(^\/+|\/+$)/g, "") ?? ""
  return new URL(sanitizedBasePath ? `${sanitizedUrl}/${sanitizedBasePath}/${action}` : `${sanitizedUrl}/${action}`)
}

function first(value: string | null): string | undefined {
  const item = value?.split(",")[0]?.trim()
  return item || undefined
}
