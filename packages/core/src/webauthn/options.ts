/**
 * `GET <basePath>/webauthn-options/:provider`: which ceremony a request asks for, and its options (Auth.js
 * `inferWebAuthnOptions`, `getRegistrationOptions`, `getAuthenticationOptions`).
 */
import type { AdapterUser } from "../adapters.js"
import type { User } from "../types.js"
import { base64urlFromBytes, bytesFromBase64, stringToTransports } from "./base64.js"
import type { WebAuthnCall } from "./context.js"
import type { WebAuthnServer } from "./server.js"

export type WebAuthnAction = "register" | "authenticate"

/**
 * The ceremony to run:
 * - `authenticate` is always allowed;
 * - `register` when signed in (a new passkey for this user) or, signed out, for details of a user that does not exist;
 * - no action: signed out only — authenticate without user details or for an existing user, register a new one.
 * `null`: no decision (400 `Invalid request`).
 */
export function inferAction(
  action: WebAuthnAction | undefined,
  signedIn: boolean,
  info: { user?: unknown; exists?: boolean } | null,
): WebAuthnAction | null {
  const user = info?.user
  const exists = info?.exists ?? false
  if (action === "authenticate") return "authenticate"
  if (action === "register") return user && signedIn === exists ? "register" : null
  if (signedIn) return null
  if (!user) return "authenticate"
  return exists ? "authenticate" : "register"
}

type Descriptor = { id: string; transports?: string[] }

async function descriptorsOf(call: WebAuthnCall, userId: string | undefined): Promise<Descriptor[] | undefined> {
  if (!userId) return undefined
  const authenticators = await call.adapter.listAuthenticatorsByUserId!(userId)
  return authenticators.map((a) => ({ id: base64urlFromBytes(bytesFromBase64(a.credentialID)), transports: stringToTransports(a.transports) }))
}

/** Options for `navigator.credentials.create()`; the user's existing credentials are excluded. */
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

/** Options for `navigator.credentials.get()`; limited to the user's credentials when the user is known. */
export async function authenticationOptions(
  server: WebAuthnServer,
  call: WebAuthnCall,
  user: User | undefined,
): Promise<{ challenge: string } & Record<string, unknown>> {
  const { provider, relayingParty } = call
  return server.generateAuthenticationOptions({
    ...provider.authenticationOptions,
    rpID: relayingParty.id,
    allowCredentials: await descriptorsOf(call, typeof user?.id === "string" ? user.id : undefined),
  })
}
