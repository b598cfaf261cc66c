/**
 * Turns a user `AuthConfig` into a `ResolvedConfig`: environment inference, defaults, providers, wrapped adapter and
 * events, logger, and validation. Done once per configuration object (cached), so a request pays nothing for it.
 *
 * Validation never throws here: every problem is gathered into `configError`, logged once (here, not per request), and
 * each request answers it the way Auth.js does (a 500 with a generic message, or the error page), so a bad config
 * cannot crash the host.
 */
import { createLogger, type WarningCode } from "../logger.js"
import { safeLogoSource } from "../pages/css-values.js"
import { normalizeProviders } from "../providers/normalize.js"
import { randomUUID } from "../runtime/random.js"
import { firstTime } from "../said-once.js"
import { clientAddressHint, clock, platformEnv, raw as rawSymbol, skipCSRFCheck as skipSymbol } from "../symbols.js"
import type { AuthConfig, SessionOptions } from "./auth-config.js"
import { defaultCallbacks } from "./default-callbacks.js"
import { isProduction, processEnv, secretsFromEnv, trustHostFromEnv, urlFromEnv, type Env } from "./env.js"
import { devSecret, DEV_SECRET_PATH } from "./dev-secret.js"
import { configurationError, providerProblems, unusableProvidersError, validate } from "./validate.js"
import type { ResolvedConfig } from "./resolved-config.js"
import { wrapAdapter } from "./wrap-adapter.js"
import { wrapEvents } from "./wrap-events.js"
import { AuthError } from "../errors.js"
import { localeCodes, localeOf } from "../pages/locales/codes.js"
import { resolveRateLimit } from "../rate-limit/options.js"
import { sessionRegistryOf } from "../session-registry/registry.js"

export type { ResolvedConfig }

const cache = new WeakMap<AuthConfig, ResolvedConfig>()

/** Resolves (and caches) a configuration. Never throws. */
export function resolveConfig(config: AuthConfig, env: Env = environmentOf(config)): ResolvedConfig {
  const cached = cache.get(config)
  if (cached) return cached
  const resolved = build(config, env)
  cache.set(config, resolved)
  return resolved
}

/** `process.env`, with the platform's environment given under the `platformEnv` key on top (symbols.ts). */
function environmentOf(config: AuthConfig): Env {
  const platform = (config as { [platformEnv]?: Env })[platformEnv]
  return platform && typeof platform === "object" ? { ...processEnv(), ...platform } : processEnv()
}

/**
 * The clock a test gave under the internal `clock` key (symbols.ts), or `Date.now` — looked up at each call, not kept,
 * so that tests which replace `Date` (fake timers) still reach the engine.
 */
function clockOf(config: AuthConfig): () => number {
  const given = (config as { [clock]?: unknown })[clock]
  return typeof given === "function" ? (given as () => number) : () => Date.now()
}

function build(config: AuthConfig, env: Env): ResolvedConfig {
  const logger = createLogger({ debug: config.debug, logger: config.logger })
  // Start-up warnings and configuration errors are said once per logger in this process (said-once.ts), not once per
  // request of a lazy configuration, which is a new object each time.
  const warnOnce = (code: WarningCode, message?: string): void => {
    if (firstTime(config.logger, code)) logger.warn(code, message)
  }
  const errorOnce = (error: Error): void => {
    if (firstTime(config.logger, `${error.name}: ${error.message}`)) logger.error(error)
  }
  const envUrl = urlFromEnv(env)
  const basePath = resolveBasePath(config.basePath, envUrl)

  let secrets = normalizeSecrets(config.secret)
  if (!secrets.length) secrets = secretsFromEnv(env)
  let missingSecret = false
  if (!secrets.length) {
    if (isProduction(env)) missingSecret = true
    else {
      const { secret, file } = devSecret()
      secrets = [secret]
      warnOnce("ephemeral-secret", file ? sharedSecretWarning : undefined)
    }
  }

  const adapter = config.adapter ? wrapAdapter(config.adapter, logger) : undefined
  const maxAge = nonNegative(config.session?.maxAge, 30 * 24 * 60 * 60)
  const session: SessionOptions = {
    // Auth.js defaults to "database" with any adapter; an adapter without a single session method (an e-mail-only one)
    // cannot hold a session, so it gets "jwt", the one strategy that works with it (Auth.js fails at the callback).
    strategy: config.session?.strategy ?? (config.adapter && storesSessions(config.adapter) ? "database" : "jwt"),
    maxAge,
    updateAge: nonNegative(config.session?.updateAge, 24 * 60 * 60),
    generateSessionToken: config.session?.generateSessionToken ?? randomUUID,
    acceptNextAuthV4Cookies: config.session?.acceptNextAuthV4Cookies ?? true,
    providerTokens: config.session?.providerTokens ?? true,
    absoluteMaxAge: config.session?.absoluteMaxAge || undefined,
    revocationCacheMaxAge: nonNegative(config.session?.revocationCacheMaxAge, 5),
  }
  const { rateLimit, problems: rateLimitProblems } = resolveRateLimit(config.rateLimit)
  if (rateLimit && typeof config[clientAddressHint] === "string") rateLimit.clientAddressHint = config[clientAddressHint]
  const { providers, errors: providerErrors } = normalizeProviders(config.providers, env, config.redirectProxyUrl ?? env.AUTH_REDIRECT_PROXY_URL)

  const resolved: ResolvedConfig = {
    providers,
    providersById: new Map(providers.map((p) => [p.id, p])),
    providerProblems: new Map(),
    adapter,
    basePath,
    secrets,
    session,
    jwt: { maxAge: config.jwt?.maxAge ?? maxAge, encode: config.jwt?.encode, decode: config.jwt?.decode },
    callbacks: { ...defaultCallbacks, ...stripUndefined(config.callbacks ?? {}) },
    customJwtCallback: typeof config.callbacks?.jwt === "function",
    events: wrapEvents(config.events ?? {}, logger),
    pages: config.pages ?? {},
    theme: { colorScheme: "auto", logo: "", brandColor: "", buttonText: "", ...stripUndefined(config.theme ?? {}) },
    locale: typeof config.locale === "function" ? config.locale : config.locale === undefined ? undefined : localeOf(String(config.locale)),
    logger,
    trustHost: trustHostFromEnv(env, config.trustHost),
    envUrl,
    production: isProduction(env),
    useSecureCookies: config.useSecureCookies,
    cookies: config.cookies ?? {},
    redirectProxyUrl: config.redirectProxyUrl ?? env.AUTH_REDIRECT_PROXY_URL,
    skipCSRFCheck: config.skipCSRFCheck === skipSymbol,
    raw: config.raw === rawSymbol,
    experimental: { enableWebAuthn: config.experimental?.enableWebAuthn === true },
    rateLimit,
    sessionRegistry: sessionRegistryOf(adapter, config.sessionStore),
    now: clockOf(config),
  }
  resolved.configError = configurationError([...providerErrors, ...validate(resolved, { missingSecret, config, env }), ...localeProblems(config.locale), ...rateLimitProblems])
  if (resolved.configError) errorOnce(resolved.configError)
  resolved.providerProblems = providerProblems(resolved)
  // Logged once, as one block naming every variable to set; the app keeps working without those providers.
  const unusable = unusableProvidersError(resolved.providerProblems)
  if (unusable) errorOnce(unusable)
  if (config.debug && !config.logger) warnOnce("debug-enabled")
  if (resolved.skipCSRFCheck) warnOnce("csrf-disabled")
  if (resolved.experimental.enableWebAuthn) warnOnce("experimental-webauthn")
  if (rateLimit?.perProcess && resolved.production) warnOnce("rate-limit-memory-store", perProcessWarning)
  const unchecked = providers.some((p) => (p.type === "oauth" || p.type === "oidc") && (!p.checks?.length || p.checks.every((c) => c === "none")))
  if (unchecked) warnOnce("checks-disabled")
  // A logo the pages cannot show would otherwise vanish without a word (plain http in production is mixed content).
  if (resolved.theme.logo && !safeLogoSource(resolved.theme.logo, { allowHttp: !resolved.production })) {
    resolved.theme.logo = ""
    warnOnce("theme-logo-refused")
  }
  return resolved
}

const perProcessWarning =
  "Rate limits count in this process's memory: with several instances (a cluster, serverless) each counts on its own. " +
  "Give every instance one store: rateLimit: { store: PostgresRateLimitStore(pool) } (or Redis, SQLite); docs/rate-limits.md."

const sharedSecretWarning = `No secret is set (AUTH_SECRET). Using a development secret generated into ${DEV_SECRET_PATH}, shared by every process of this project. Set AUTH_SECRET before deploying: in production this is an error.`

// A fixed locale the pages do not have is a mistake to report, not to paper over with another language.
function localeProblems(locale: AuthConfig["locale"]): AuthError[] {
  if (locale === undefined || typeof locale === "function" || (typeof locale === "string" && localeOf(locale))) return []
  const shown = JSON.stringify(String(locale)).slice(0, 40)
  return [new AuthError(`\`locale: ${shown}\` is not a language the pages are written in; use one of ${localeCodes.join(", ")}, or a function of the request.`)]
}

function normalizeSecrets(secret: string | string[] | undefined): string[] {
  if (secret === undefined) return []
  const list = Array.isArray(secret) ? secret : [secret]
  return list.filter((s): s is string => typeof s === "string" && s.length > 0)
}

function resolveBasePath(configured: string | undefined, envUrl: URL | undefined): string {
  let path = configured ?? (envUrl && envUrl.pathname !== "/" ? envUrl.pathname : "/auth")
  if (!path.startsWith("/")) path = `/${path}`
  return path.replace(/\/+$/, "")
}

function nonNegative(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  const out: Partial<T> = {}
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] !== undefined) out[key] = value[key]
  return out
}

/** Whether an adapter has any database-session method: only then is `database` its default session strategy. */
function storesSessions(adapter: object): boolean {
  const a = adapter as Record<string, unknown>
  return ["createSession", "getSessionAndUser", "updateSession", "deleteSession"].some((m) => typeof a[m] === "function")
}
