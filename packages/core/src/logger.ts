/**
 * The logger, called exactly as `@auth/core` 0.41 calls it: `error(error)` with the `Error` itself (its `type` names an
 * `AuthError`), `warn(code)` with a {@link WarningCode}, `debug(message, metadata)`. The default writes to the console
 * with `[gatehouse]` prefixes, `debug` only when `debug: true`. A user `logger` replaces level by level, and then
 * `debug` is ignored (the user's logger decides). Gatehouse's own warning codes (not Auth.js's) come with a second
 * argument, their text (which sign-in was refused, say); a v5 logger that takes only the code still works.
 *
 * Nothing secret reaches a log line: metadata passes through {@link redact}. Nothing forges one either (RT-07): every
 * value is escaped and length-capped by `log-safe.ts` — errors before any logger sees them ({@link createLogger}), and
 * everything again where the default logger writes, since `consoleLogger` may be handed values by other paths.
 */
import { AuthError, isClientError } from "./errors.js"
import { escapeError, LOG_MESSAGE_MAX, logSafe, logSafeStack, logSafeValue } from "./log-safe.js"

/** The codes `@auth/core` 0.41 has; its logger gets only the code for these. */
const authjsWarningCodes: ReadonlySet<string> = new Set(["debug-enabled", "csrf-disabled", "env-url-basepath-redundant", "env-url-basepath-mismatch", "experimental-webauthn"])

export type WarningCode =
  | "debug-enabled"
  | "csrf-disabled"
  | "checks-disabled"
  | "env-url-basepath-redundant"
  | "env-url-basepath-mismatch"
  | "experimental-webauthn"
  | "ephemeral-secret"
  | "session-cookie-large"
  | "webauthn-counter-not-increased"
  | "sign-in-refused"
  | "session-cookie-invalid"
  | "theme-logo-refused"
  | "locale-function-failed"
  | "rate-limit-memory-store"
  | "token-refresh-failed"
  | "session-cookie-tokens-large"
  | "rate-limit-no-client-address"
  | "session-not-recorded"
  | "session-store-no-not-before"
  | "password-pending-dropped"
  | "password-breach-check-unavailable"

/** Auth.js v5's logger type, name for name: `logger: { error: (error) => Sentry.captureException(error) }` fits. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- Auth.js's own declaration, for assignability
export interface LoggerInstance extends Record<string, Function> {
  warn: (code: WarningCode, message?: string) => void
  error: (error: Error) => void
  debug: (message: string, metadata?: unknown) => void
}

/** What the engine uses: the spec's levels behind typed helpers. */
export interface Logger {
  error(error: Error): void
  /** `message` replaces the code's standard text; it is escaped and cut to one line here. */
  warn(code: WarningCode, message?: string): void
  debug(code: string, metadata?: unknown): void
}

const secretKeys = /secret|token|password|code_verifier|authorization|cookie|credential|csrf|verifier|nonce|state/i

/** Replaces values under secret-looking keys with "[redacted]", recursively, for log metadata. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 5 || value === null || typeof value !== "object") return value
  if (value instanceof Error) return { name: value.name, message: value.message }
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) out[key] = secretKeys.test(key) ? "[redacted]" : redact(v, depth + 1)
  return out
}

const red = "\x1b[31m"
const yellow = "\x1b[33m"
const grey = "\x1b[90m"
const reset = "\x1b[0m"

/** The console logger. `debugEnabled` gates the debug level. */
export function consoleLogger(debugEnabled: boolean): LoggerInstance {
  return {
    error(error) {
      const type = logSafe(error instanceof AuthError ? error.type : error.name)
      const cause = (error as { cause?: unknown }).cause
      const problems = configurationProblems(cause)
      if (problems) {
        // A configuration error is the operator's to fix, not a crash: one block listing what to set, no stack.
        const heading = problems.length === 1 ? "Gatehouse is misconfigured:" : `Gatehouse is misconfigured (${problems.length} problems):`
        const list = problems.map((p) => `  - ${logSafe(p.type)}: ${logSafe(p.message, LOG_MESSAGE_MAX)}`)
        console.error([`${red}[gatehouse][error]${reset} ${type}: ${heading}`, ...list].join("\n"))
        return
      }
      console.error(`${red}[gatehouse][error]${reset} ${type}: ${logSafe(error.message, LOG_MESSAGE_MAX)}`)
      if (cause && typeof cause === "object" && "err" in cause && cause.err instanceof Error) {
        const { err, ...details } = cause as { err: Error } & Record<string, unknown>
        console.error(`${red}[gatehouse][cause]${reset}:`, logSafeStack(err))
        if (Object.keys(details).length) console.error(`${red}[gatehouse][details]${reset}:`, json(details, 2))
      } else if (isClientError(error)) {
        // A refused sign-in (wrong password, used link, denied consent) is the user's doing: one line, no stack.
      } else if (error.stack) {
        console.error(logSafeStack(error).replace(/.*/, "").substring(1))
        // oauth4webapi wraps what failed (a refused body, a network error) as `cause`: the reason is there.
        if (cause instanceof Error) console.error(`${red}[gatehouse][cause]${reset}:`, logSafeStack(cause))
      }
    },
    warn(code, message) {
      console.warn(`${yellow}[gatehouse][warn][${logSafe(code)}]${reset}`, message === undefined ? warningText[code] : line(message))
    },
    debug(message, metadata) {
      if (!debugEnabled) return
      if (metadata === undefined) console.log(`${grey}[gatehouse][debug][${logSafe(message)}]${reset}`)
      else console.log(`${grey}[gatehouse][debug][${logSafe(message)}]${reset}`, json(metadata))
    },
  }
}

/** The list a configuration error carries (`cause.problems`, set by `config/validate.ts`), if it is one. */
function configurationProblems(cause: unknown): { type: string; message: string }[] | undefined {
  if (!cause || typeof cause !== "object" || !("problems" in cause) || !Array.isArray(cause.problems)) return undefined
  const problems = (cause.problems as unknown[]).filter(
    (p): p is { type: string; message: string } => typeof (p as { type?: unknown })?.type === "string" && typeof (p as { message?: unknown })?.message === "string",
  )
  return problems.length ? problems : undefined
}

/** A string escaped as one line; anything else as redacted, escaped JSON. */
function line(value: unknown): string {
  return typeof value === "string" ? logSafe(value, LOG_MESSAGE_MAX) : json(value)
}

function json(value: unknown, indent?: number): string {
  return JSON.stringify(logSafeValue(redact(value)), null, indent) ?? String(value)
}

const warningText: Record<WarningCode, string> = {
  "debug-enabled": "Debug logging is on. Turn it off in production.",
  "csrf-disabled": "CSRF protection is off (skipCSRFCheck). Only server-side integrations should do this.",
  "checks-disabled": "A provider has `checks: []`: its sign-in has no PKCE, state or nonce protection.",
  "env-url-basepath-redundant": "Both AUTH_URL's path and `basePath` are set; `basePath` wins.",
  "env-url-basepath-mismatch": "AUTH_URL's path differs from `basePath`; `basePath` wins.",
  "experimental-webauthn": "WebAuthn is experimental: it may change or be removed in a minor release.",
  "ephemeral-secret":
    "No secret is set (AUTH_SECRET), and this runtime has no file system to keep one for the whole project: each process (each bundle of a framework like Next.js) uses its own random secret, so a session written by one is not read by another, and all end on restart. Set AUTH_SECRET; in production this is an error.",
  "sign-in-refused": "A sign-in was refused.",
  "session-cookie-invalid": "A session cookie could not be decrypted, had expired, or was sent twice; it was cleared.",
  "session-cookie-large": "The session cookie is over 8 KB; proxies may reject the request headers. Keep the token small.",
  "webauthn-counter-not-increased":
    "A WebAuthn assertion's signature counter did not increase: the authenticator may have been cloned. The sign-in was refused.",
  "session-cookie-tokens-large":
    "The session cookie is over 4 KB with the provider tokens kept for getAccessToken: it is split in chunks. Keep fewer with session.providerTokens, or use an adapter.",
  "token-refresh-failed": "A provider's access token could not be refreshed; getAccessToken answered null.",
  "rate-limit-memory-store": "Rate limits count in this process's memory; with several instances each counts on its own. Set rateLimit.store.",
  "rate-limit-no-client-address": "Per-client rate limits are off: the client's address is unknown (withPeerAddress, rateLimit.trustedProxies).",
  "session-not-recorded":
    "A JWT session of a user the adapter does not hold (a credentials user from elsewhere) was not recorded in the session registry: it cannot be listed or revoked.",
  "session-store-no-not-before":
    "The session registry has no setSessionsNotBefore/getSessionsNotBefore: JWT cookies without a session id (from before the registry, next-auth v4) are refused.",
  "password-pending-dropped": "An unverified sign-up's password was removed: the address's owner proved the address another way (RT-01).",
  "password-breach-check-unavailable": "The breached-password range API did not answer; the password was checked against the bundled list only.",
  "locale-function-failed": "The `locale` function threw; the page's language was taken from Accept-Language instead.",
  "theme-logo-refused":
    "theme.logo is not shown: use an https:// URL, a same-origin path (/logo.svg) or a data:image URL (http:// only outside production).",
}

/**
 * The effective logger: each level of the user's `logger` replaces the default one; with a user logger, `debug` is
 * ignored and its own `debug` level (if any) is called. A logger that throws never breaks a request.
 */
export function createLogger(options: { debug?: boolean; logger?: Partial<LoggerInstance> }): Logger {
  const user = options.logger
  const base = consoleLogger(user ? true : Boolean(options.debug))
  const error: LoggerInstance["error"] = user?.error ? user.error.bind(user) : base.error
  const warn: LoggerInstance["warn"] = user?.warn ? user.warn.bind(user) : base.warn
  const debug: LoggerInstance["debug"] = user?.debug ? user.debug.bind(user) : user ? () => {} : base.debug
  return {
    error: (thrown) => {
      const err = thrown instanceof Error ? thrown : new Error(String(thrown))
      // Before any logger: a custom one is handed this very object, message and stack included.
      guard(() => escapeError(err))
      guard(() => error(err))
    },
    // Auth.js's codes exactly as Auth.js calls them, `warn(code)`; Gatehouse's own codes with their text as well.
    warn: (code, message) =>
      guard(() => {
        if (message !== undefined) warn(code, logSafe(message, LOG_MESSAGE_MAX))
        else if (authjsWarningCodes.has(code)) warn(code)
        else warn(code, warningText[code])
      }),
    debug: (message, metadata) => guard(() => (metadata === undefined ? debug(logSafe(message)) : debug(logSafe(message), logSafeValue(redact(metadata))))),
  }
}

function guard(run: () => void): void {
  try {
    run()
  } catch {
    // a broken logger is not worth a failed request
  }
}
