/**
 * Sign-in with a WebAuthn provider (`passkey`, `webauthn`): the options request, the browser ceremony, then the
 * callback POST — the client `signIn` of next-auth/webauthn.
 *
 * 1. `GET <basePath>/webauthn-options/<id>?<options>`: without `action`, a sign-in with any passkey of this site
 *    (discoverable credentials); `action: "register"` (with `email` when signed out) creates one. The server answers
 *    with the ceremony's options and sets the challenge cookie;
 * 2. the ceremony in the browser ({@link WebAuthnBrowser}, `@simplewebauthn/browser` in every framework);
 * 3. `POST <basePath>/callback/<id>` with `action`, `data` (the JSON response), the CSRF token and the callback URL,
 *    answered as `{ url }`; then as any sign-in ({@link settleSignIn}).
 *
 * Any other provider (or none) is handed to {@link signIn}.
 */
import type { ProviderId } from "../providers/types.js"
import { getProviders } from "./endpoints.js"
import type { AuthClient, WebAuthnBrowser } from "./platform.js"
import { formFields, postForm } from "./post-form.js"
import { settleSignIn, signIn } from "./sign-in.js"
import { WEBAUTHN_CEREMONY_ERROR, type SignInAuthorizationParams, type SignInOptions, type SignInResponse } from "./types.js"

type Ceremony = { action: "register" | "authenticate"; data: unknown }

/**
 * Signs in with `provider`. For a WebAuthn provider, options other than `redirect`, `redirectTo` and `callbackUrl`
 * are sent to the options endpoint (`email`, `action`) and with the callback. A cancelled ceremony sends nothing:
 * the page stays, and `redirect: false` resolves `{ error: "WebAuthnVerificationError", ok: false }`.
 */
export async function signInWithWebAuthn(
  client: AuthClient,
  browser: WebAuthnBrowser,
  provider: ProviderId | undefined,
  options: SignInOptions<boolean> | undefined,
  authorizationParams: SignInAuthorizationParams | undefined,
): Promise<SignInResponse | void> {
  const chosen = provider === undefined ? undefined : (await getProviders(client))?.[provider]
  if (!chosen || chosen.type !== "webauthn") return signIn(client, provider, options, authorizationParams)

  const { callbackUrl, redirect = true, redirectTo = callbackUrl ?? client.platform.currentUrl(), ...rest } = options ?? {}
  const fields = formFields(rest)
  const id = encodeURIComponent(chosen.id)
  let ceremony: Ceremony
  try {
    ceremony = await runCeremony(client, browser, id, fields)
  } catch (error) {
    // Cancelled, timed out, or no authenticator: nothing was sent, the user stays where they are.
    client.platform.log(String(error))
    return redirect ? undefined : { error: WEBAUTHN_CEREMONY_ERROR, code: undefined, status: 0, ok: false, url: null }
  }

  const answer = await postForm(client, {
    action: `callback/${id}`,
    fields: { ...fields, action: ceremony.action, data: JSON.stringify(ceremony.data) },
    callbackUrl: redirectTo,
    query: new URLSearchParams(authorizationParams).toString(),
  })
  return settleSignIn(client, answer, redirect)
}

/** Asks the server which ceremony to run and runs it in the browser; rejects when either fails. */
async function runCeremony(client: AuthClient, browser: WebAuthnBrowser, id: string, fields: Record<string, string>): Promise<Ceremony> {
  const url = `${client.endpoint(`webauthn-options/${id}`)}?${new URLSearchParams(fields)}`
  const response = await client.platform.fetch(url, { headers: { accept: "application/json" } })
  if (!response.ok) throw new Error(`WebAuthn options: ${response.status} ${await response.text()}`)
  const { action, options } = (await response.json()) as { action: "register" | "authenticate"; options: unknown }
  if (action === "register") return { action, data: await browser.register(options) }
  return { action: "authenticate", data: await browser.authenticate(options) }
}
