/**
 * CSRF double-submit cookie, in Auth.js's format: the cookie holds `token|sha256hex(token + secret)`, the form or JSON
 * body sends `csrfToken = token`. The hash is made with the first secret and verified against each
 * (docs/design.md#secret-rotation), so rotating secrets does not break a sign-in form that is already open. Comparisons
 * are constant-time.
 */
import type { Cookie } from "./cookie.js"
import type { CookieOption } from "../types.js"
import { randomHex, sha256Hex, timingSafeEqual } from "../runtime/random.js"

export interface CsrfState {
  token: string
  /** True only for a POST whose body token matches a cookie we issued. */
  verified: boolean
  /** The cookie to set when the token is new or was re-hashed with the current secret. */
  cookie?: Cookie
}

export async function csrfState(options: {
  cookieValue: string | undefined
  bodyToken: unknown
  isPost: boolean
  secrets: readonly string[]
  cookie: CookieOption
}): Promise<CsrfState> {
  const { cookieValue, bodyToken, isPost, secrets, cookie } = options
  const primary = secrets[0]!
  if (cookieValue) {
    const separator = cookieValue.indexOf("|")
    const token = cookieValue.slice(0, separator)
    const hash = cookieValue.slice(separator + 1)
    if (separator === 64 && /^[0-9a-f]{64}$/.test(token)) {
      for (let i = 0; i < secrets.length; i++) {
        if (timingSafeEqual(hash, await sha256Hex(`${token}${secrets[i]}`))) {
          const verified = isPost && typeof bodyToken === "string" && timingSafeEqual(bodyToken, token)
          const rehashed = i === 0 ? undefined : await csrfCookie(token, primary, cookie)
          return { token, verified, cookie: rehashed }
        }
      }
    }
  }
  const token = randomHex(32)
  return { token, verified: false, cookie: await csrfCookie(token, primary, cookie) }
}

async function csrfCookie(token: string, secret: string, cookie: CookieOption): Promise<Cookie> {
  return { name: cookie.name, value: `${token}|${await sha256Hex(`${token}${secret}`)}`, options: { ...cookie.options } }
}
