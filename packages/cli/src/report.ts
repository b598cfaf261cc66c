/**
 * The lines of the `doctor` report: `ok`, `warn` or `fail`, then the subject and what was found. Readable as plain
 * text (a log, a CI job); the prefix is coloured only on a terminal. As a last guard, every value that looks secret
 * (a secret, a password, a token, a key from the environment or the configuration) is blanked out of every line,
 * whatever message it came in (an app's own error, say).
 */
import type { Check, Level } from "./doctor-checks.js"

const colours: Record<Level, string> = { ok: "\x1b[32m", warn: "\x1b[33m", fail: "\x1b[31m" }
const reset = "\x1b[0m"

export function formatCheck(check: Check, options: { color: boolean; hide: (text: string) => string }): string {
  const label = check.level.padEnd(4)
  const prefix = options.color ? `${colours[check.level]}${label}${reset}` : label
  // One line per check: a message with line breaks (an engine's or an app's) is folded.
  const text = check.text.replace(/\s*\n\s*/g, " ")
  return options.hide(`${prefix} ${check.subject}: ${text}`)
}

/** A variable name with one of these words (`AUTH_SECRET_1`, `DB_PASSWORD`, `RESEND_API_KEY`; not `AUTH_KEYCLOAK_ID`). */
const secretName = /(^|_)(SECRET|PASSWORD|PASSWD|PASS|TOKEN|KEY|CREDENTIALS?|PRIVATE)(_|$)/i

/**
 * A function that replaces each secret value found in `env` (by its variable's name, and the password of any URL
 * in it) and in `extra` with `[hidden]`. Values under 6 characters are left: hiding them would mangle ordinary words.
 */
export function secretHider(env: Record<string, string | undefined>, extra: readonly string[]): (text: string) => string {
  const values = new Set<string>(extra)
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue
    if (secretName.test(name)) values.add(value)
    const password = /^[a-z][a-z0-9+.-]*:\/\/[^:/@]*:(.*)@/i.exec(value)?.[1]
    if (password) values.add(password)
  }
  const hidden = [...values].filter((value) => value.length >= 6).sort((a, b) => b.length - a.length)
  return (text) => hidden.reduce((result, value) => result.split(value).join("[hidden]"), text)
}
