"use client"
/**
 * `@gatehousejs/next/webauthn`: the client `signIn` of `next-auth/webauthn`. For a WebAuthn provider (`passkey`,
 * `webauthn`) it runs the browser ceremony before posting the callback:
 *
 * 1. `GET <basePath>/webauthn-options/<id>?<options>`: without `action`, a sign-in with any passkey of this site
 *    (discoverable credentials); `action: "register"` (with `email` when signed out) creates one. The server answers
 *    with the ceremony's options and sets the challenge cookie. Signed out, a new passkey is finished by the link
 *    e-mailed to the address, opened in the same browser (RT-01), when the app has an email provider;
 * 2. `startRegistration` / `startAuthentication` of `@simplewebauthn/browser` (an optional peer dependency);
 * 3. `POST <basePath>/callback/<id>` with `action`, `data` (the JSON response), the CSRF token and the callback URL,
 *    answered as `{ url }` (`X-Auth-Return-Redirect`); then navigate there, or with `redirect: false` resolve to
 *    `{ error, code, status, ok, url }`.
 *
 * Any other provider is handed to `signIn` of `@gatehousejs/next/react`. The steps are the client core's
 * (`signInWithWebAuthn` of `@gatehousejs/core/client`); this module binds them to the page and the library.
 *
 * @example
 * import { signIn } from "@gatehousejs/next/webauthn"
 * <button onClick={() => signIn("passkey")}>Sign in with a passkey</button>
 * // create a passkey: signed in, for this account; signed out, for `email` (finished by the e-mailed link)
 * await signIn("passkey", { action: "register", email })
 */
import type { ProviderId } from "@gatehousejs/core"
import { signInWithWebAuthn, type WebAuthnBrowser } from "@gatehousejs/core/client"
import { startAuthentication, startRegistration } from "@simplewebauthn/browser"
import { client } from "./react/client-binding.js"
import type { SignInAuthorizationParams, SignInOptions, SignInResponse } from "./react/index.js"

export type { SignInAuthorizationParams, SignInOptions, SignInResponse }

/** The `error` of a {@link SignInResponse} when the WebAuthn ceremony did not complete (cancelled, no authenticator…). */
export const WEBAUTHN_CEREMONY_ERROR = "WebAuthnVerificationError"

const ceremonies: WebAuthnBrowser = {
  register: (optionsJSON) => startRegistration({ optionsJSON: optionsJSON as never }),
  authenticate: (optionsJSON) => startAuthentication({ optionsJSON: optionsJSON as never }),
}

/**
 * Signs in with `provider`. For a WebAuthn provider, `options` other than `redirect`, `redirectTo` and `callbackUrl`
 * are sent to the options endpoint (`email`, `action`) and with the callback.
 */
export async function signIn(provider?: ProviderId, options?: SignInOptions<true>, authorizationParams?: SignInAuthorizationParams): Promise<void>
export async function signIn(provider: ProviderId | undefined, options: SignInOptions<false>, authorizationParams?: SignInAuthorizationParams): Promise<SignInResponse>
export async function signIn(provider?: ProviderId, options?: SignInOptions<boolean>, authorizationParams?: SignInAuthorizationParams): Promise<SignInResponse | void>
export async function signIn(
  provider?: ProviderId,
  options?: SignInOptions<boolean>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse | void> {
  return signInWithWebAuthn(client, ceremonies, provider, options, authorizationParams)
}
