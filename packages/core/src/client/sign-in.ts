/**
 * `signIn(provider?, options?, authorizationParams?)` by provider type, as in next-auth/react v5.
 *
 * 1. `GET /providers`; no provider or an unknown one → the built-in sign-in page with `callbackUrl`.
 * 2. `GET /csrf`, then POST the form (`csrfToken`, `callbackUrl`, the other options as fields) with
 *    `X-Auth-Return-Redirect: 1` to `/callback/<id>` for credentials, `/signin/<id>` otherwise (OAuth, OIDC, email),
 *    `authorizationParams` in the query string. The server answers `200 { url }` instead of a redirect.
 * 3. `redirect: false` → resolve `{ error, code, status, ok, url }` (the `?error=`/`?code=` of `url`) after the
 *    session holders of this page fetched the new session; otherwise go to `url`.
 *
 * WebAuthn providers (`passkey`) need the browser ceremony first (`signInWithWebAuthn`); this one throws a
 * `TypeError` for them, as next-auth's does.
 */
import type { ProviderId } from "../providers/types.js"
import { getProviders } from "./endpoints.js"
import { navigate } from "./navigate.js"
import type { AuthClient } from "./platform.js"
import { formFields, postForm, type FormAnswer } from "./post-form.js"
import { CLIENT_FETCH_ERROR, type SignInAuthorizationParams, type SignInOptions, type SignInResponse } from "./types.js"

/**
 * Starts a sign-in, or opens the sign-in page listing every provider when `provider` is absent or unknown. Resolves
 * to a {@link SignInResponse} with `redirect: false`, to nothing when it navigates.
 *
 * @example
 * const result = await signIn(client, "credentials", { username, password, redirect: false })
 * if (result?.error === "CredentialsSignin") showWrongPassword()
 */
export async function signIn(
  client: AuthClient,
  provider: ProviderId | undefined,
  options: SignInOptions<boolean> | undefined,
  authorizationParams: SignInAuthorizationParams | undefined,
): Promise<SignInResponse | void> {
  const { callbackUrl, redirect = true, redirectTo = callbackUrl ?? client.platform.currentUrl(), ...fields } = options ?? {}

  const providers = await getProviders(client)
  if (!providers) return fetchFailed(client, redirect, 0)
  const chosen = provider === undefined ? undefined : providers[provider]
  if (!chosen) return navigate(client.platform, `${client.endpoint("signin")}?${new URLSearchParams({ callbackUrl: redirectTo })}`)
  if (chosen.type === "webauthn") throw new TypeError(webAuthnMessage(client, chosen.id))

  const answer = await postForm(client, {
    action: `${chosen.type === "credentials" ? "callback" : "signin"}/${encodeURIComponent(chosen.id)}`,
    fields: formFields(fields),
    callbackUrl: redirectTo,
    query: new URLSearchParams(authorizationParams).toString(),
  })
  return settleSignIn(client, answer, redirect)
}

/**
 * What a sign-in POST leads to: with `redirect` the page goes to the answer's URL (the error page when there is
 * none); without, the page's session holders fetch the session, other tabs are told when it worked, and the call
 * resolves to `{ error, code, status, ok, url }`.
 */
export async function settleSignIn(client: AuthClient, answer: FormAnswer, redirect: boolean): Promise<SignInResponse | void> {
  if (!answer.url) return fetchFailed(client, redirect, answer.status)
  if (redirect) return navigate(client.platform, answer.url)

  const params = new URL(answer.url, client.platform.currentUrl()).searchParams
  const error = params.get("error") ?? undefined
  const code = params.get("code") ?? undefined
  await client.sessionSync?.refetchThisPage()
  // next-auth tells no other tab here, so they stayed signed out until reloaded.
  if (!error) client.sessionSync?.tellOtherTabs("getSession")
  return { error, code, status: answer.status, ok: true, url: error ? null : answer.url }
}

/**
 * The endpoints could not be reached, or answered without a URL: with `redirect` the error page (next-auth goes
 * there when `/providers` fails); without, a `ClientFetchError` result rather than a rejected promise.
 */
function fetchFailed(client: AuthClient, redirect: boolean, status: number): SignInResponse | void {
  if (redirect) return navigate(client.platform, client.endpoint("error"))
  return { error: CLIENT_FETCH_ERROR, code: undefined, status, ok: false, url: null }
}

function webAuthnMessage(client: AuthClient, id: string): string {
  const use = client.webAuthnModule
    ? `Please use \`import { signIn } from "${client.webAuthnModule}"\` instead.`
    : "Its browser ceremony needs a client with WebAuthn support."
  return `Provider id "${id}" refers to a WebAuthn provider.\n${use}`
}
