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
 * Any other provider is handed to `signIn` of `@gatehousejs/sveltekit/client`.
 *
 * Fixed here: `@auth/sveltekit/webauthn` asked `{base}/webauthn-options` and posted to `{base}/callback` (without
 * `/auth`), accepted only the provider id `webauthn` (so not `passkey`), and sent no CSRF token.
 *
 * @example
 * import { signIn } from "@gatehousejs/sveltekit/webauthn"
 * await signIn("passkey")                                        // sign in with a passkey of this site
 * await signIn("passkey", { action: "register", email })          // create one
 */
import type { ProviderId, ProviderType } from "@gatehousejs/core"
import { startAuthentication, startRegistration } from "@simplewebauthn/browser"
import { signIn as signInClient, type SignInAuthorizationParams, type SignInOptions, type SignInResponse } from "./client.js"
import { endpoint, formFields, getJson, navigate, post } from "./client-http.js"

export type { SignInAuthorizationParams, SignInOptions, SignInResponse }

/** The `error` of a {@link SignInResponse} when the WebAuthn ceremony did not complete (cancelled, no authenticator…). */
export const WEBAUTHN_CEREMONY_ERROR = "WebAuthnVerificationError"

type Ceremony = { action: "register" | "authenticate"; data: unknown }

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
  const providers = provider === undefined ? undefined : await getJson<Record<string, { id: string; type: ProviderType }>>("providers")
  const chosen = provider === undefined ? undefined : providers?.[provider]
  if (!chosen || chosen.type !== "webauthn") return signInClient(provider, options as SignInOptions<false>, authorizationParams)

  const { callbackUrl, redirect = true, redirectTo = callbackUrl ?? window.location.href, ...fields } = options ?? {}
  const id = encodeURIComponent(chosen.id)
  let ceremony: Ceremony
  try {
    ceremony = await runCeremony(id, formFields(fields))
  } catch (error) {
    // Cancelled, timed out, or no authenticator: nothing was sent, the user stays where they are.
    console.error(error)
    return redirect ? undefined : { error: WEBAUTHN_CEREMONY_ERROR, code: undefined, status: 0, ok: false, url: null }
  }

  const query = new URLSearchParams(authorizationParams).toString()
  const answer = await post(`${endpoint(`callback/${id}`)}${query ? `?${query}` : ""}`, {
    ...formFields(fields),
    action: ceremony.action,
    data: JSON.stringify(ceremony.data),
    callbackUrl: redirectTo,
  })
  if (redirect) return navigate(answer.url ?? endpoint("error"))
  if (!answer.url) return { error: "ClientFetchError", code: undefined, status: answer.status, ok: false, url: null }
  const params = new URL(answer.url, window.location.href).searchParams
  const error = params.get("error") ?? undefined
  return { error, code: params.get("code") ?? undefined, status: answer.status, ok: answer.status < 400, url: error ? null : answer.url }
}

/** Asks the server which ceremony to run and runs it in the browser. */
async function runCeremony(id: string, fields: Record<string, string>): Promise<Ceremony> {
  const response = await fetch(`${endpoint(`webauthn-options/${id}`)}?${new URLSearchParams(fields)}`, { headers: { accept: "application/json" } })
  if (!response.ok) throw new Error(`WebAuthn options: ${response.status} ${await response.text()}`)
  const { action, options } = (await response.json()) as { action: "register" | "authenticate"; options: never }
  if (action === "register") return { action, data: await startRegistration({ optionsJSON: options }) }
  return { action: "authenticate", data: await startAuthentication({ optionsJSON: options }) }
}
