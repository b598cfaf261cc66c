/**
 * Cookie header parsing and `Set-Cookie` serialization (RFC 6265). Values are percent-encoded on the way out and
 * decoded on the way in, as Auth.js does, so the CSRF cookie reads `token%7Chash` on the wire.
 */
import type { CookieSerializeOptions } from "../types.js"

/** A cookie the response sets (or deletes, with `maxAge: 0`). */
export interface Cookie {
  name: string
  value: string
  options: CookieSerializeOptions
}

/** Upper bound on the Cookie header we read; a larger header yields no cookies rather than unbounded work. */
const MAX_COOKIE_HEADER = 64 * 1024

/**
 * RFC 6265 §4.1.1 `cookie-octet`: no controls, spaces, `"`, `,`, `;`, backslash or non-ASCII. Every name `serializeCookie`
 * accepts and every value it writes (percent-encoded) is made of these; so is everything Auth.js writes.
 */
const namePattern = /^[\u0021\u0023-\u002B\u002D-\u003A\u003C-\u005B\u005D-\u007E]+$/
const valuePattern = /^[\u0021\u0023-\u002B\u002D-\u003A\u003C-\u005B\u005D-\u007E]*$/

/**
 * Parses a Cookie header into a map. Malformed pairs and undecodable values are skipped, never thrown on.
 * A name sent twice keeps its first value and is listed in the returned `duplicates`.
 *
 * A pair Gatehouse would never write (a character outside `cookie-octet` in its name or value) is ignored (RT-03): it
 * cannot be one of ours, and such a name in a `Set-Cookie` (expiring a stale session chunk) fails to serialise.
 */
export function parseCookies(header: string | null | undefined): { cookies: Record<string, string>; duplicates: Set<string> } {
  const cookies: Record<string, string> = Object.create(null) as Record<string, string>
  const duplicates = new Set<string>()
  if (!header || header.length > MAX_COOKIE_HEADER) return { cookies, duplicates }
  let start = 0
  const length = header.length
  while (start < length) {
    let end = header.indexOf(";", start)
    if (end === -1) end = length
    const eq = header.indexOf("=", start)
    if (eq !== -1 && eq < end) {
      const name = header.slice(start, eq).trim()
      let value = header.slice(eq + 1, end).trim()
      if (value.charCodeAt(0) === 34 && value.charCodeAt(value.length - 1) === 34 && value.length > 1) value = value.slice(1, -1)
      if (namePattern.test(name) && valuePattern.test(value)) {
        if (name in cookies) duplicates.add(name)
        else cookies[name] = decode(value)
      }
    }
    start = end + 1
  }
  return { cookies, duplicates }
}

function decode(value: string): string {
  if (value.indexOf("%") === -1) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** Characters `encodeURIComponent` leaves as they are. */
const uriSafe = /^[A-Za-z0-9\-_.!~*'()]*$/


/** Serializes one cookie into a `Set-Cookie` header value. */
export function serializeCookie(cookie: Cookie): string {
  const { name, value, options } = cookie
  if (!namePattern.test(name)) throw new TypeError(`Invalid cookie name ${JSON.stringify(name)}`)
  // Session tokens and CSRF hashes are already URI-safe: skip re-encoding a 4 KB value on every `Set-Cookie`.
  let out = `${name}=${uriSafe.test(value) ? value : encodeURIComponent(value)}`
  if (options.maxAge !== undefined) out += `; Max-Age=${Math.floor(options.maxAge)}`
  if (options.domain) out += `; Domain=${options.domain}`
  out += `; Path=${options.path ?? "/"}`
  if (options.expires) out += `; Expires=${options.expires.toUTCString()}`
  if (options.httpOnly) out += "; HttpOnly"
  if (options.secure) out += "; Secure"
  if (options.partitioned) out += "; Partitioned"
  if (options.priority) out += `; Priority=${options.priority[0]!.toUpperCase()}${options.priority.slice(1)}`
  if (options.sameSite) {
    const sameSite = options.sameSite === true ? "strict" : options.sameSite
    out += `; SameSite=${sameSite[0]!.toUpperCase()}${sameSite.slice(1)}`
  }
  return out
}
