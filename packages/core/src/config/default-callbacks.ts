/**
 * The default callbacks: allow every sign-in, redirect only within our origin, expose `name`, `email` and `image`,
 * and keep the token as it is.
 */
import type { CallbacksOptions } from "./auth-config.js"
import type { Session } from "../types.js"

/**
 * Same-origin redirect policy (security catalog §3.4). A path starting with `/` is appended to `baseUrl` — the
 * concatenation keeps our host even for `//evil.com` or `/\evil.com`, and the result is re-checked after URL
 * normalisation. An absolute URL is allowed only when its origin is ours. Anything else, including values that do not
 * parse, yields `baseUrl`. Never throws.
 */
export function defaultRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  try {
    const base = new URL(baseUrl)
    const target = url.startsWith("/") ? new URL(`${base.origin}${url}`) : new URL(url)
    return target.origin === base.origin ? target.href : baseUrl
  } catch {
    return baseUrl
  }
}

export const defaultCallbacks: CallbacksOptions = {
  signIn: () => true,
  redirect: defaultRedirect,
  session: ({ session }) => {
    const expires = session.expires as string | Date
    return {
      user: { name: session.user?.name, email: session.user?.email, image: session.user?.image },
      expires: expires instanceof Date ? expires.toISOString() : expires,
    } as Session
  },
  jwt: ({ token }) => token,
}
