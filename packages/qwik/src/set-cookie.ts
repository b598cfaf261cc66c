/**
 * The engine's `Set-Cookie` lines, written through Qwik City's cookie jar (`ev.cookie`). A `Set-Cookie` header put on
 * `ev.headers` does not survive: Qwik City's Node.js adapter writes the response headers with `res.setHeader`, one
 * name at a time, so every line but the last is lost, and then the jar's lines replace that one too. `@auth/qwik`
 * moves them into the jar as well (its `fixCookies`).
 */
import type { Cookie as QwikCookie, CookieOptions } from "@builder.io/qwik-city"

/** Writes each `Set-Cookie` line of `headers` into `jar`; a later line for the same name replaces an earlier one. */
export function forwardCookies(jar: QwikCookie, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const cookie = parseSetCookie(line)
    if (!cookie) continue
    if (cookie.verbatim !== undefined) jar.set(cookie.name, cookie.verbatim)
    else jar.set(cookie.name, cookie.value, cookie.options)
  }
}

interface ParsedCookie {
  name: string
  value: string
  options: CookieOptions
  /**
   * Everything after `name=`, for a line with an attribute Qwik City's `CookieOptions` cannot express (`Partitioned`,
   * `Priority`): the jar writes `name=<verbatim>` unchanged, so the browser gets the engine's line as it was.
   */
  verbatim?: string
}

/** One `Set-Cookie` line (RFC 6265 §4.1) as name, value (as sent: not decoded) and the attributes Qwik City knows. */
export function parseSetCookie(line: string): ParsedCookie | undefined {
  const [pair = "", ...attributes] = line.split(";")
  const separator = pair.indexOf("=")
  if (separator <= 0) return undefined
  const name = pair.slice(0, separator).trim()
  const value = pair.slice(separator + 1).trim()
  const options: CookieOptions = {}
  let expressible = true
  for (const attribute of attributes) {
    const [rawKey = "", ...rest] = attribute.split("=")
    const key = rawKey.trim().toLowerCase()
    const argument = rest.join("=").trim()
    if (key === "path") options.path = argument
    else if (key === "domain") options.domain = argument
    else if (key === "max-age") options.maxAge = Number(argument)
    else if (key === "expires") options.expires = argument
    else if (key === "httponly") options.httpOnly = true
    else if (key === "secure") options.secure = true
    else if (key === "samesite") options.sameSite = argument.toLowerCase() as CookieOptions["sameSite"]
    else if (key !== "") expressible = false
  }
  if (expressible) return { name, value, options }
  return { name, value, options, verbatim: line.slice(line.indexOf("=") + 1).trim() }
}
