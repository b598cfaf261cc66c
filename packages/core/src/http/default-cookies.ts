/**
 * The cookies Gatehouse sets, with Auth.js's names and options (docs/design.md#cookies): `__Secure-` on https
 * (`__Host-` for the CSRF cookie), plain names on http so that localhost works. User overrides in `cookies` are merged
 * over these.
 */
import type { CookieOption, CookiesOptions } from "../types.js"
import { merge } from "../util/merge.js"

export type ResolvedCookies = { [K in keyof CookiesOptions]: CookieOption }

/** Lifetime of the one-time check cookies (PKCE, state, nonce, WebAuthn challenge, pending passkey): 15 minutes. */
export const CHECK_COOKIE_MAX_AGE = 60 * 15

/** The default cookie set for secure (https) or plain (http) deployments. */
export function defaultCookies(useSecureCookies: boolean): ResolvedCookies {
  const prefix = useSecureCookies ? "__Secure-" : ""
  const base = { httpOnly: true, sameSite: "lax" as const, path: "/", secure: useSecureCookies }
  return {
    sessionToken: { name: `${prefix}authjs.session-token`, options: { ...base } },
    callbackUrl: { name: `${prefix}authjs.callback-url`, options: { ...base } },
    csrfToken: { name: `${useSecureCookies ? "__Host-" : ""}authjs.csrf-token`, options: { ...base } },
    pkceCodeVerifier: { name: `${prefix}authjs.pkce.code_verifier`, options: { ...base, maxAge: CHECK_COOKIE_MAX_AGE } },
    state: { name: `${prefix}authjs.state`, options: { ...base, maxAge: CHECK_COOKIE_MAX_AGE } },
    nonce: { name: `${prefix}authjs.nonce`, options: { ...base } },
    webauthnChallenge: { name: `${prefix}authjs.challenge`, options: { ...base, maxAge: CHECK_COOKIE_MAX_AGE } },
    pendingPasskey: { name: `${prefix}authjs.pending-passkey`, options: { ...base, maxAge: CHECK_COOKIE_MAX_AGE } },
  }
}

/** The defaults with the user's `cookies` overrides merged over them. */
export function resolveCookies(useSecureCookies: boolean, overrides: Partial<CookiesOptions> | undefined): ResolvedCookies {
  return merge(defaultCookies(useSecureCookies), overrides ?? {})
}
