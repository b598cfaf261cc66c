/**
 * Where to go after sign-in or sign-out. The candidate comes from the body, then the query, then the `callback-url`
 * cookie, then the origin; it always passes through the `redirect` callback (same-origin by default).
 *
 * docs/design.md#callback-urls: a query or body value that is not a URL at all is a 400 on that request
 * (CVE-2022-31093 was a crash here); a planted cookie that is not a URL is ignored and cleared instead of breaking
 * every later request.
 */
import type { CallbacksOptions } from "../config/auth-config.js"
import type { CookieOption } from "../types.js"
import type { Cookie } from "./cookie.js"
import { BadRequest } from "./request.js"

/** Longest callback URL accepted; longer ones are refused rather than stored in a cookie. */
const MAX_CALLBACK_URL = 4096

/** A relative path (`/…`) or an absolute URL that parses. Anything else cannot be a redirect target. */
export function isUsableCallbackUrl(value: string): boolean {
  if (value.length > MAX_CALLBACK_URL) return false
  if (value.startsWith("/")) return true
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

export async function resolveCallbackUrl(options: {
  paramValue: unknown
  cookieValue: string | undefined
  origin: string
  redirect: CallbacksOptions["redirect"]
  cookie: CookieOption
}): Promise<{ callbackUrl: string; cookie?: Cookie }> {
  const { paramValue, cookieValue, origin, redirect, cookie } = options
  let candidate: string | undefined
  let clearCookie = false
  if (paramValue !== undefined && paramValue !== "") {
    if (typeof paramValue !== "string" || !isUsableCallbackUrl(paramValue)) {
      throw new BadRequest(400, "InvalidCallbackUrl: callbackUrl must be a path starting with / or an absolute http(s) URL", "InvalidCallbackUrl")
    }
    candidate = paramValue
  } else if (cookieValue) {
    if (isUsableCallbackUrl(cookieValue)) candidate = cookieValue
    else clearCookie = true
  }
  const callbackUrl = candidate === undefined ? origin : await redirect({ url: candidate, baseUrl: origin })
  if (typeof callbackUrl !== "string" || !isUsableCallbackUrl(callbackUrl)) {
    throw new Error("The `redirect` callback must return a URL string")
  }
  if (clearCookie) return { callbackUrl, cookie: { name: cookie.name, value: "", options: { ...cookie.options, maxAge: 0 } } }
  if (callbackUrl !== cookieValue) return { callbackUrl, cookie: { name: cookie.name, value: callbackUrl, options: { ...cookie.options } } }
  return { callbackUrl }
}
