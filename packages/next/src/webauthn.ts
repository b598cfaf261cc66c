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
 * Any other provider is handed to `signIn` of `@gatehousejs/next/react`.
 *
 * @example
 * import { signIn } from "@gatehousejs/next/webauthn"
 * <button onClick={() => signIn("passkey")}>Sign in with a passkey</button>
 * // create a passkey: signed in, for this account; signed out, for `email` (finished by the e-mailed link)
 * await signIn("passkey", { action: "register", email })
 */
import type { ProviderId } from "@gatehousejs/core"
import { startAuthentication, startRegistration } from "@simplewebauthn/browser"
import { endpointUrl } from "./react/client-config.js"
import { getCsrfToken, getProviders, signIn as signInReact } from "./react/index.js"
import type { SignInAuthorizationParams, SignInOptions, SignInResponse } from "./react/index.js"
import { navigate } from "./react/navigate.js"
import { refetchThisPage, tellOtherTabs } from "./react/tab-sync.js"

export type { SignInAuthorizationParams, SignInOptions, SignInResponse }

/** The `error` of a {@link SignInResponse} when the WebAuthn ceremony did not complete (cancelled, no authenticator…). */
export const WEBAUTHN_CEREMONY_ERROR = "WebAuthnVerificationError"

type Ceremony = { action: "register" | "authenticate"; data: unknown }

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
  const providers = provider === undefined ? null : await getProviders()
  const chosen = provider === undefined ? undefined : providers?.[provider]
  if (!chosen || chosen.type !== "webauthn") return signInReact(provider, options as SignInOptions<false>, authorizationParams)

  const { callbackUrl, redirect = true, redirectTo = callbackUrl ?? window.location.href, ...fields } = options ?? {}
  const id = encodeURIComponent(chosen.id)
  let ceremony: Ceremony
  try {
    ceremony = await runCeremony(id, stringFields(fields))
  } catch (error) {
    // Cancelled, timed out, or no authenticator: nothing was sent, the user stays where they are.
    console.error(error)
    return redirect ? undefined : { error: WEBAUTHN_CEREMONY_ERROR, code: undefined, status: 0, ok: false, url: null }
  }

  const query = new URLSearchParams(authorizationParams).toString()
  const body = new URLSearchParams({ ...stringFields(fields), action: ceremony.action, data: JSON.stringify(ceremony.data) })
  body.set("csrfToken", await getCsrfToken())
  body.set("callbackUrl", redirectTo)
  const response = await fetch(`${endpointUrl(`callback/${id}`)}${query ? `?${query}` : ""}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body,
  })
  const answer = (await response.json().catch(() => null)) as { url?: unknown } | null
  const url = typeof answer?.url === "string" ? answer.url : null
  if (redirect) return navigate(url ?? endpointUrl("error"))
  if (!url) return { error: "ClientFetchError", code: undefined, status: response.status, ok: false, url: null }
  const params = new URL(url, window.location.href).searchParams
  const error = params.get("error") ?? undefined
  await refetchThisPage()
  if (!error) tellOtherTabs("getSession")
  return { error, code: params.get("code") ?? undefined, status: response.status, ok: response.ok, url: error ? null : url }
}

/** Asks the server which ceremony to run and runs it in the browser. */
async function runCeremony(id: string, fields: Record<string, string>): Promise<Ceremony> {
  const response = await fetch(`${endpointUrl(`webauthn-options/${id}`)}?${new URLSearchParams(fields)}`, { headers: { accept: "application/json" } })
  if (!response.ok) throw new Error(`WebAuthn options: ${response.status} ${await response.text()}`)
  const { action, options } = (await response.json()) as { action: "register" | "authenticate"; options: never }
  if (action === "register") return { action, data: await startRegistration({ optionsJSON: options }) }
  return { action: "authenticate", data: await startAuthentication({ optionsJSON: options }) }
}

/** Options as form/query fields; `undefined` and `null` are left out. */
function stringFields(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) out[key] = String(value)
  return out
}
