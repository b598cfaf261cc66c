/**
 * Making a value fit for a log line (security catalog RT-07). Values that came from a request or a provider — an
 * `?error=`, a provider id in the path, an e-mail address, a User-Agent, an error message that quotes one of them —
 * may carry line breaks that forge log lines, terminal escape sequences that rewrite the operator's screen, or bidi
 * controls that make a line read differently from what it holds. They are written escaped and cut to a bounded length.
 *
 * Escaped: C0 controls (CR, LF and TAB included), DEL, C1 controls (U+0085 NEL, U+009B CSI), U+2028/U+2029, and the
 * bidi controls (U+061C, U+200E/F, U+202A–E, U+2066–9). Not escaped: the backslash — a `\n` typed by an attacker stays
 * two harmless characters on one line, and doubling every backslash would garble Windows paths in stacks.
 */

/**
 * Longest a single value (a metadata field, a `cause` detail) may be in a log line, after escaping. 200 characters
 * hold any error code, a provider id, the first sentence of an `error_description`, a typical User-Agent (~120–180)
 * and nearly every e-mail address, while a line of a few values stays well under the 1 KiB that syslog relays and
 * many log shippers cut at.
 */
export const LOG_VALUE_MAX = 200

/**
 * Longest an error message or a stack line may be: our sentence (the longest is about 180 characters) around one
 * capped value.
 */
export const LOG_MESSAGE_MAX = 400

// eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped here
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
const named: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" }

function escapeChar(char: string): string {
  const code = char.charCodeAt(0)
  return named[char] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`)
}

/**
 * `value` with every character above escaped (`\n`, `\x1b`, `\u2028`…), then cut to `max` characters with a `…`.
 *
 * @example
 * logSafe("denied\n[auth][error] forged") // 'denied\\n[auth][error] forged' — one line
 */
export function logSafe(value: string, max: number = LOG_VALUE_MAX): string {
  const escaped = value.replace(unsafe, escapeChar)
  if (escaped.length <= max) return escaped
  // Never end on half of a surrogate pair.
  const end = /[\ud800-\udbff]/.test(escaped[max - 1]!) ? max - 1 : max
  return `${escaped.slice(0, end)}…`
}

/** A copy of `value` (JSON-like metadata) with every string, key included, passed through {@link logSafe}. */
export function logSafeValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return logSafe(value)
  if (depth > 5 || value === null || typeof value !== "object" || value instanceof Date) return value
  if (value instanceof Error) return { name: logSafe(value.name), message: logSafe(value.message, LOG_MESSAGE_MAX) }
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => logSafeValue(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) out[logSafe(key)] = logSafeValue(v, depth + 1)
  return out
}

/**
 * The error's stack as `<name>: <message>` and its frames, each line escaped. Whatever the raw message put between
 * the header and the frames (the lines an attacker's `\n` would have started) is dropped: when the stack was built
 * before the message was escaped, everything up to the end of the raw message is cut.
 */
export function logSafeStack(error: Error, rawMessage: string = error.message): string {
  const stack = typeof error.stack === "string" ? error.stack : ""
  let rest = stack
  for (const message of [rawMessage, error.message]) {
    if (!message) continue
    // After the header's ": ", so that a message that also occurs in the name is not matched there.
    const at = stack.indexOf(`: ${message}`)
    if (at !== -1) {
      rest = stack.slice(at + message.length + 2)
      break
    }
  }
  const frames = rest.split("\n").filter((line) => /^\s+at /.test(line))
  const header = `${logSafe(error.name)}: ${logSafe(error.message, LOG_MESSAGE_MAX)}`
  return [header, ...frames.map((line) => logSafe(line, LOG_MESSAGE_MAX))].join("\n")
}

/**
 * Escapes, in place, what a logger will read of `error`: its message, its stack, and its `cause` (string details,
 * plain-object details, a nested error), recursively. In place, because a custom logger (Auth.js's API) is handed the
 * error itself and tells errors apart with `instanceof` and `type`, which a copy would have to imitate; the error is
 * being reported at the end of its life, and a caller that receives it afterwards (raw mode) is better off with the
 * escaped message too. Fields that cannot be written are left for the default logger, which escapes as it writes.
 */
export function escapeError(error: Error, depth = 0): void {
  const raw = error.message
  const safe = logSafe(raw, LOG_MESSAGE_MAX)
  if (safe !== raw) {
    trySet(error, "message", safe)
    // V8 builds the stack string lazily: when nobody has read it yet it is built now, from the escaped message. A
    // clean message leaves the stack alone (and unbuilt: building it costs more than a refused sign-in otherwise does).
    if (typeof error.stack === "string") trySet(error, "stack", logSafeStack(error, raw))
  }
  const cause: unknown = (error as { cause?: unknown }).cause
  if (depth >= 3 || cause === undefined || cause === null) return
  if (cause instanceof Error) return escapeError(cause, depth + 1)
  if (typeof cause === "string") return trySet(error, "cause", logSafe(cause, LOG_MESSAGE_MAX))
  if (!isPlainObject(cause)) return
  for (const [key, value] of Object.entries(cause)) {
    if (value instanceof Error) escapeError(value, depth + 1)
    else if (typeof value === "string" || isPlainObject(value) || Array.isArray(value)) trySet(cause, key, logSafeValue(value))
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

function trySet(target: object, key: string, value: unknown): void {
  try {
    ;(target as Record<string, unknown>)[key] = value
  } catch {
    // frozen or read-only: the default logger still escapes what it writes
  }
}
