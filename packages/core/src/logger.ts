/**
 * The logger of the spec: three levels, each called as `level(code, ...message)`. `error` gets the error type as its
 * code and the `Error` as its message; `warn` a {@link WarningCode} and its explanation; `debug` a short code and
 * metadata. The default writes to the console with `[gatehouse]` prefixes, `debug` only when `debug: true`. A user
 * `logger` replaces level by level, and then `debug` is ignored (the user's logger decides).
 *
 * Nothing secret reaches a log line: metadata passes through {@link redact}.
 */
import { AuthError, isClientError } from "./errors.js"

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

export interface LoggerInstance {
  error: (code: string, ...message: unknown[]) => void
  warn: (code: string, ...message: unknown[]) => void
  debug: (code: string, ...message: unknown[]) => void
}

/** What the engine uses: the spec's levels behind typed helpers. */
export interface Logger {
  error(error: Error): void
  warn(code: WarningCode): void
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
    error(type, ...message) {
      const error = message.find((m): m is Error => m instanceof Error)
      if (!error) {
        console.error(`${red}[gatehouse][error]${reset} ${type}:`, ...message.map((m) => redact(m)))
        return
      }
      console.error(`${red}[gatehouse][error]${reset} ${type}: ${error.message}`)
      const cause = (error as { cause?: unknown }).cause
      if (cause && typeof cause === "object" && "err" in cause && cause.err instanceof Error) {
        const { err, ...details } = cause as { err: Error } & Record<string, unknown>
        console.error(`${red}[gatehouse][cause]${reset}:`, err.stack ?? err.message)
        if (Object.keys(details).length) console.error(`${red}[gatehouse][details]${reset}:`, JSON.stringify(redact(details), null, 2))
      } else if (isClientError(error)) {
        // A refused sign-in (wrong password, used link, denied consent) is the user's doing: one line, no stack.
      } else if (error.stack) {
        console.error(error.stack.replace(/.*/, "").substring(1))
      }
    },
    warn(code, ...message) {
      console.warn(`${yellow}[gatehouse][warn][${code}]${reset}`, ...message)
    },
    debug(code, ...message) {
      if (!debugEnabled) return
      console.log(`${grey}[gatehouse][debug][${code}]${reset}`, ...message.map((m) => JSON.stringify(redact(m))))
    },
  }
}

const warningText: Record<WarningCode, string> = {
  "debug-enabled": "Debug logging is on. Turn it off in production.",
  "csrf-disabled": "CSRF protection is off (skipCSRFCheck). Only server-side integrations should do this.",
  "checks-disabled": "A provider has `checks: []`: its sign-in has no PKCE, state or nonce protection.",
  "env-url-basepath-redundant": "Both AUTH_URL's path and `basePath` are set; `basePath` wins.",
  "env-url-basepath-mismatch": "AUTH_URL's path differs from `basePath`; `basePath` wins.",
  "experimental-webauthn": "WebAuthn is experimental: it may change or be removed in a minor release.",
  "ephemeral-secret":
    "No secret is set (AUTH_SECRET). Using a random secret for this process: what it signs (JWT sessions, CSRF tokens, unused sign-in links) stops working when it restarts. Set AUTH_SECRET; in production this is an error.",
  "session-cookie-large": "The session cookie is over 8 KB; proxies may reject the request headers. Keep the token small.",
  "webauthn-counter-not-increased":
    "A WebAuthn assertion's signature counter did not increase: the authenticator may have been cloned. The sign-in was refused.",
}

/**
 * The effective logger: each level of the user's `logger` replaces the default one; with a user logger, `debug` is
 * ignored and its own `debug` level (if any) is called. A logger that throws never breaks a request.
 */
export function createLogger(options: { debug?: boolean; logger?: Partial<LoggerInstance> }): Logger {
  const user = options.logger
  const base = consoleLogger(user ? true : Boolean(options.debug))
  const level = (key: keyof LoggerInstance): LoggerInstance[keyof LoggerInstance] => {
    const fn = user?.[key]
    if (fn) return fn.bind(user)
    if (user && key === "debug") return () => {}
    return base[key]
  }
  const error = level("error")
  const warn = level("warn")
  const debug = level("debug")
  return {
    error: (err) => guard(() => error(err instanceof AuthError ? err.type : err.name, err)),
    warn: (code) => guard(() => warn(code, warningText[code])),
    debug: (code, metadata) => guard(() => (metadata === undefined ? debug(code) : debug(code, redact(metadata)))),
  }
}

function guard(run: () => void): void {
  try {
    run()
  } catch {
    // a broken logger is not worth a failed request
  }
}
