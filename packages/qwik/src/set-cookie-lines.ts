/**
 * The engine's cookies (`{ name, value, options }`, as core's server functions return them) as the `Set-Cookie` lines
 * its endpoints send, byte for byte: core's `serializeCookie`, which `@gatehousejs/core` does not export. They then take
 * the one way into Qwik City's cookie jar the endpoints' answers take (set-cookie.ts), a `Partitioned` or `Priority`
 * cookie included.
 */
import type { RedirectResult } from "@gatehousejs/core"

/** A cookie the engine sets (or clears, with `maxAge: 0`); the value is not yet percent-encoded. */
export type EngineCookie = RedirectResult["cookies"][number]

/** RFC 6265 §4.1.1 `cookie-octet`: the names core accepts (RT-03). */
const namePattern = /^[\u0021\u0023-\u002B\u002D-\u003A\u003C-\u005B\u005D-\u007E]+$/

/** `Set-Cookie` values in the engine's attribute order. Throws a `TypeError` for a name core would refuse. */
export function setCookieLines(cookies: readonly EngineCookie[]): string[] {
  return cookies.map(setCookieLine)
}

function setCookieLine({ name, value, options }: EngineCookie): string {
  if (!namePattern.test(name)) throw new TypeError(`Invalid cookie name ${JSON.stringify(name)}`)
  let out = `${name}=${encodeURIComponent(value)}`
  if (options.maxAge !== undefined) out += `; Max-Age=${Math.floor(options.maxAge)}`
  if (options.domain) out += `; Domain=${options.domain}`
  out += `; Path=${options.path ?? "/"}`
  if (options.expires) out += `; Expires=${options.expires.toUTCString()}`
  if (options.httpOnly) out += "; HttpOnly"
  if (options.secure) out += "; Secure"
  if (options.partitioned) out += "; Partitioned"
  if (options.priority) out += `; Priority=${capitalised(options.priority)}`
  if (options.sameSite) out += `; SameSite=${capitalised(options.sameSite === true ? "strict" : options.sameSite)}`
  return out
}

function capitalised(word: string): string {
  return `${word[0]!.toUpperCase()}${word.slice(1)}`
}
