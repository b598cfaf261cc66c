/**
 * The engine's cookies written through SvelteKit's `event.cookies.set()`, the one way SvelteKit lets a hook, a `load`
 * or an action set a cookie (it refuses `Set-Cookie` in `setHeaders`). Each option is passed explicitly: SvelteKit's
 * defaults (`httpOnly`, `secure` unless on `http://localhost`, `sameSite: "lax"`) would otherwise replace what the
 * engine left out on purpose (the CSRF cookie is readable by the page's script only when the engine says so; plain
 * http on another host than `localhost` gets no `Secure`).
 */
import type { RedirectResult } from "@gatehousejs/core"
import type { Cookies } from "@sveltejs/kit"

/** The engine's cookie: as core's `RedirectResult.cookies` lists them (the value not yet percent-encoded). */
export type EngineCookie = RedirectResult["cookies"][number]

export function writeCookies(jar: Cookies, list: readonly EngineCookie[]): void {
  for (const { name, value, options } of list) {
    jar.set(name, value, {
      ...options,
      path: options.path ?? "/",
      httpOnly: options.httpOnly ?? false,
      secure: options.secure ?? false,
      sameSite: options.sameSite ?? false,
    })
  }
}

/**
 * The cookies of `Set-Cookie` lines the engine wrote (core's `serializeCookie`: `name=value` then `Max-Age`, `Domain`,
 * `Path`, `Expires`, `HttpOnly`, `Secure`, `Partitioned`, `Priority`, `SameSite`), for `writeCookies`.
 */
export function engineCookies(headers: Headers): EngineCookie[] {
  return headers.getSetCookie().map(parseSetCookie)
}

function parseSetCookie(line: string): EngineCookie {
  const [pair = "", ...attributes] = line.split(";")
  const eq = pair.indexOf("=")
  const options: EngineCookie["options"] = {}
  for (const attribute of attributes) {
    const [key = "", ...rest] = attribute.split("=")
    const value = rest.join("=").trim()
    switch (key.trim().toLowerCase()) {
      case "max-age":
        options.maxAge = Number(value)
        break
      case "domain":
        options.domain = value
        break
      case "path":
        options.path = value
        break
      case "expires":
        options.expires = new Date(value)
        break
      case "httponly":
        options.httpOnly = true
        break
      case "secure":
        options.secure = true
        break
      case "partitioned":
        options.partitioned = true
        break
      case "priority":
        options.priority = value.toLowerCase() as "low" | "medium" | "high"
        break
      case "samesite":
        options.sameSite = value.toLowerCase() as "lax" | "strict" | "none"
        break
    }
  }
  return { name: pair.slice(0, eq).trim(), value: decode(pair.slice(eq + 1).trim()), options }
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
