/**
 * The session cookie, split into chunks `name.0`, `name.1`, … when its value is longer than 3936 characters
 * (4096 bytes less room for the attributes), exactly as Auth.js does, so either library reads the other's cookies.
 */
import type { Cookie } from "./cookie.js"
import type { CookieSerializeOptions } from "../types.js"

/** Characters of value per chunk (Auth.js `CHUNK_SIZE`). */
export const CHUNK_SIZE = 3936

/**
 * Reassembles the session cookie from the request cookies. Returns `undefined` when there is none, and when the
 * chunks present do not form an unbroken run `.0 … .n` (a lost or planted chunk never yields a spliced value).
 */
export function readSessionCookie(cookies: Record<string, string>, name: string): string | undefined {
  const whole = cookies[name]
  const first = cookies[`${name}.0`]
  if (first === undefined) return whole || undefined
  if (whole) return undefined // both forms present: ambiguous, refuse
  let value = first
  for (let i = 1; ; i++) {
    const part = cookies[`${name}.${i}`]
    if (part === undefined) break
    value += part
  }
  return value || undefined
}

/**
 * Whether `key` is the session cookie `name` or one of its chunks. Only `name.<digits>` is a chunk: Gatehouse and
 * Auth.js write no other, and anything else under the prefix was planted by someone else (RT-03).
 */
export function isSessionCookiePart(key: string, name: string): boolean {
  return key === name || (key.startsWith(`${name}.`) && /^[0-9]+$/.test(key.slice(name.length + 1)))
}

/** Names of every cookie of the request that belongs to the session cookie (`name` and `name.<digits>`). */
export function sessionCookieNames(cookies: Record<string, string>, name: string): string[] {
  const names: string[] = []
  for (const key in cookies) if (isSessionCookiePart(key, name)) names.push(key)
  return names
}

/**
 * The cookies that write `value` as the session cookie: stale chunks of the request are expired first, then the new
 * value is written whole or in chunks.
 */
export function writeSessionCookie(
  requestCookies: Record<string, string>,
  name: string,
  value: string,
  options: CookieSerializeOptions,
): Cookie[] {
  const written = new Map<string, Cookie>()
  for (const stale of sessionCookieNames(requestCookies, name)) {
    written.set(stale, { name: stale, value: "", options: { ...options, maxAge: 0, expires: new Date(0) } })
  }
  if (value.length <= CHUNK_SIZE) {
    written.set(name, { name, value, options })
  } else {
    const count = Math.ceil(value.length / CHUNK_SIZE)
    for (let i = 0; i < count; i++) {
      const chunkName = `${name}.${i}`
      written.set(chunkName, { name: chunkName, value: value.slice(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE), options })
    }
  }
  return [...written.values()]
}

/** The cookies that expire every part of the session cookie present on the request (and the base name). */
export function clearSessionCookie(requestCookies: Record<string, string>, name: string, options: CookieSerializeOptions): Cookie[] {
  const names = new Set(sessionCookieNames(requestCookies, name))
  names.add(name)
  return [...names].map((n) => ({ name: n, value: "", options: { ...options, maxAge: 0, expires: new Date(0) } }))
}
