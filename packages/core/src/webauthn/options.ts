/**
 * `GET <basePath>/webauthn-options/:provider`: which ceremony a request asks for, and its options (Auth.js
 * `inferWebAuthnOptions`, `getRegistrationOptions`, `getAuthenticationOptions`).
 */
import type { AdapterUser } from "../adapters.js"
import { base64urlFromBytes, bytesFromBase64, stringToTransports } from "./base64.js"
import type { WebAuthnCall } from "./context.js"
import type { WebAuthnServer } from "./server.js"

export type WebAuthnAction = "register" | "authenticate"

/**
 * The ceremony to run:
 * - `authenticate` is always allowed;
 * - `register` when signed in (a new passkey for this user) or, signed out, for an address (`hasAddress`) — whether or
 *   not a user has it: what becomes of the passkey is decided once the address is proven (RT-01, RT-06);
 * - no action: signed out only — authenticate, with discoverable credentials.
 * `null`: no decision (400 `Invalid request`).
 */
export function inferAction(action: WebAuthnAction | undefined, signedIn: boolean, hasAddress: boolean): WebAuthnAction | null {
  if (action === "authenticate") return "authenticate"
  if (action === "register") return signedIn || hasAddress ? "register" : null
  return signedIn ? null : "authenticate"
}

type Descriptor = { id: string; transports?: string[] }

async function descriptorsOf(call: WebAuthnCall, userId: string | undefined): Promise<Descriptor[] | undefined> {
  if (!userId) return undefined
  const authenticators = await call.adapter.listAuthenticatorsByUserId!(userId)
  return authenticators.map((a) => ({ id: base64urlFromBytes(bytesFromBase64(a.credentialID)), transports: stringToTransports(a.transports) }))
}

/** Options for `navigator.credentials.create()`; a signed-in user's existing credentials (`user.id`) are excluded. */
export async function registrationOptions(
  server: WebAuthnServer,
  call: WebAuthnCall,
  user: Partial<AdapterUser> & { email: string },
): Promise<{ challenge: string } & Record<string, unknown>> {
  const { provider, relayingParty } = call
  return server.generateRegistrationOptions({
    ...provider.registrationOptions,
    // A random user handle: the credential is tied to the user through the stored authenticator, not this id, so
    // it reveals nothing about the account (Auth.js does the same).
    userID: crypto.getRandomValues(new Uint8Array(32)),
    userName: user.email,
    userDisplayName: user.name ?? undefined,
    rpID: relayingParty.id,
    rpName: relayingParty.name,
    excludeCredentials: await descriptorsOf(call, user.id),
  })
}

/**
 * Options for `navigator.credentials.get()`; limited to the signed-in user's credentials. Signed out, a typed address
 * never narrows them: which credentials an address has would tell who has an account (RT-06).
 */
export async function authenticationOptions(
  server: WebAuthnServer,
  call: WebAuthnCall,
  signedIn: AdapterUser | null,
): Promise<{ challenge: string } & Record<string, unknown>> {
  const { provider, relayingParty } = call
  return server.generateAuthenticationOptions({
    ...provider.authenticationOptions,
    rpID: relayingParty.id,
    allowCredentials: await descriptorsOf(call, signedIn?.id),
  })
}
