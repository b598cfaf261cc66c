/**
 * `@gatehousejs/sveltekit/webauthn`: the client `signIn` of `@auth/sveltekit/webauthn`. For a WebAuthn provider
 * (`passkey`, `webauthn`) it runs the browser ceremony before posting the callback:
 *
 * 1. `GET {base}/auth/webauthn-options/<id>?<options>`: without `action`, a sign-in with any passkey of this site;
 *    `action: "register"` (with `email` when signed out) creates one. The server sets the challenge cookie;
 * 2. `startRegistration` / `startAuthentication` of `@simplewebauthn/browser` (an optional peer dependency);
 * 3. `POST {base}/auth/callback/<id>` with `action`, `data` (the JSON response), the CSRF token and the callback URL;
 *    then go to the answer's URL, or with `redirect: false` resolve to `{ error, code, status, ok, url }`.
 *
 * Any other provider is handed to `signIn` of `@gatehousejs/sveltekit/client`. The steps are the client core's
 * (`signInWithWebAuthn` of `@gatehousejs/core/client`); this module binds them to the page and the library.
 *
 * Fixed here: `@auth/sveltekit/webauthn` asked `{base}/webauthn-options` and posted to `{base}/callback` (without
 * `/auth`), accepted only the provider id `webauthn` (so not `passkey`), and sent no CSRF token.
 *
 * @example
 * import { signIn } from "@gatehousejs/sveltekit/webauthn"
 * await signIn("passkey")                                        // sign in with a passkey of this site
 * await signIn("passkey", { action: "register", email })          // create one
 */
import type { ProviderId } from "@gatehousejs/core"
import { signInWithWebAuthn, type WebAuthnBrowser } from "@gatehousejs/core/client"
import { startAuthentication, startRegistration } from "@simplewebauthn/browser"
import type { SignInAuthorizationParams, SignInOptions, SignInResponse } from "./client.js"
import { client } from "./client-binding.js"

export type { SignInAuthorizationParams, SignInOptions, SignInResponse }

/** The `error` of a {@link SignInResponse} when the WebAuthn ceremony did not complete (cancelled, no authenticator…). */
export const WEBAUTHN_CEREMONY_ERROR = "WebAuthnVerificationError"

const ceremonies: WebAuthnBrowser = {
  register: (optionsJSON) => startRegistration({ optionsJSON: optionsJSON as never }),
  authenticate: (optionsJSON) => startAuthentication({ optionsJSON: optionsJSON as never }),
}

/**
 * Signs in with `provider`. For a WebAuthn provider, options other than `redirect`, `redirectTo` and `callbackUrl`
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
