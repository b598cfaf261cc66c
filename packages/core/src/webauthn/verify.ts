/**
 * Verifying the browser's WebAuthn responses with `@simplewebauthn/server` (W3C WebAuthn L2 §7.1 and §7.2:
 * `clientDataJSON` type, challenge and origin, the RP ID hash, the user-presence and, for passkeys, user-verification
 * flags, the signature, and the signature counter). Every failure is a `WebAuthnVerificationError` whose cause stays in
 * the server log.
 */
import type { AdapterAuthenticator } from "../adapters.js"
import { WebAuthnVerificationError } from "../errors.js"
import type { Logger } from "../logger.js"
import { base64FromBytes, base64urlFromBytes, bytesFromBase64, storedCredentialId, stringToTransports, transportsToString } from "./base64.js"
import type { WebAuthnCall } from "./context.js"
import type { WebAuthnServer } from "./server.js"

/** The `data` field of the callback: the JSON the browser's `startRegistration`/`startAuthentication` returned. */
export function parseResponse(data: unknown): { id: string; response: Record<string, unknown> } & Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = typeof data === "string" ? JSON.parse(data) : undefined
  } catch {
    parsed = undefined
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new WebAuthnVerificationError("The WebAuthn response is missing or is not JSON.")
  const response = parsed as Record<string, unknown>
  if (typeof response.id !== "string" || !response.id || !response.response || typeof response.response !== "object") {
    throw new WebAuthnVerificationError("The WebAuthn response has no credential id.")
  }
  try {
    bytesFromBase64(response.id)
  } catch {
    throw new WebAuthnVerificationError("The WebAuthn credential id is not base64url.")
  }
  return response as { id: string; response: Record<string, unknown> } & Record<string, unknown>
}

export interface NewCredential {
  credentialID: string
  credentialPublicKey: string
  counter: number
  credentialBackedUp: boolean
  credentialDeviceType: string
  transports?: string
}

/** Verifies a registration (attestation) response against the challenge; the new credential, in Auth.js's storage format. */
export async function verifyRegistration(
  server: WebAuthnServer,
  call: WebAuthnCall,
  response: ReturnType<typeof parseResponse>,
  expectedChallenge: string,
): Promise<NewCredential> {
  let verification
  try {
    verification = await server.verifyRegistrationResponse({
      ...call.provider.verifyRegistrationOptions,
      response,
      expectedChallenge,
      expectedOrigin: call.relayingParty.origin,
      expectedRPID: call.relayingParty.id,
    })
  } catch (error) {
    throw new WebAuthnVerificationError(error instanceof Error ? error : new Error(String(error)))
  }
  const info = verification.registrationInfo
  if (!verification.verified || !info) throw new WebAuthnVerificationError("The WebAuthn registration response could not be verified.")
  return {
    credentialID: storedCredentialId(info.credential.id),
    credentialPublicKey: base64FromBytes(info.credential.publicKey),
    counter: info.credential.counter,
    credentialBackedUp: info.credentialBackedUp,
    credentialDeviceType: info.credentialDeviceType,
    transports: transportsToString(response.response.transports),
  }
}

/**
 * Verifies an authentication (assertion) response against the challenge and the stored authenticator; the new
 * signature counter. A non-zero counter that did not increase is refused and logged as a possible cloned
 * authenticator (EC-16).
 */
export async function verifyAuthentication(
  server: WebAuthnServer,
  call: WebAuthnCall,
  response: ReturnType<typeof parseResponse>,
  expectedChallenge: string,
  authenticator: AdapterAuthenticator,
  logger: Logger,
): Promise<number> {
  let verification
  try {
    verification = await server.verifyAuthenticationResponse({
      ...call.provider.verifyAuthenticationOptions,
      response,
      expectedChallenge,
      expectedOrigin: call.relayingParty.origin,
      expectedRPID: call.relayingParty.id,
      credential: {
        id: base64urlFromBytes(bytesFromBase64(authenticator.credentialID)),
        publicKey: bytesFromBase64(authenticator.credentialPublicKey),
        counter: Number(authenticator.counter),
        transports: stringToTransports(authenticator.transports),
      },
    })
  } catch (error) {
    const sent = signCount(response)
    const stored = Number(authenticator.counter)
    if (sent !== undefined && (sent > 0 || stored > 0) && sent <= stored) logger.warn("webauthn-counter-not-increased")
    throw new WebAuthnVerificationError(error instanceof Error ? error : new Error(String(error)))
  }
  if (!verification.verified) throw new WebAuthnVerificationError("The WebAuthn authentication response could not be verified.")
  return verification.authenticationInfo.newCounter
}

/** The signature counter of an assertion's authenticator data (bytes 33–36, big-endian; WebAuthn §6.1). */
function signCount(response: ReturnType<typeof parseResponse>): number | undefined {
  const data = response.response.authenticatorData
  if (typeof data !== "string") return undefined
  try {
    const bytes = bytesFromBase64(data)
    if (bytes.length < 37) return undefined
    return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(33)
  } catch {
    return undefined
  }
}
