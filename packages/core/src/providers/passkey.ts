/**
 * The Passkey provider (experimental): the WebAuthn provider with id `passkey` and the settings passkeys need —
 * a discoverable (resident) credential and user verification, required both when the passkey is created and each
 * time it is used.
 *
 * @example
 * Gatehouse({ adapter, experimental: { enableWebAuthn: true }, providers: [Passkey] })
 */
import type { WebAuthnConfig, WebAuthnConfigInternal } from "./types.js"
import WebAuthn, { DEFAULT_WEBAUTHN_TIMEOUT, type WebAuthnUserConfig } from "./webauthn.js"

export type { WebAuthnConfig, WebAuthnUserConfig }

/** A passkey provider, id `passkey`. Options as {@link WebAuthn}; overriding the ceremony settings may stop authenticators from treating the credential as a passkey. */
export default function Passkey(config: WebAuthnUserConfig = {}): WebAuthnConfigInternal {
  return WebAuthn({
    id: "passkey",
    name: "Passkey",
    authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT, userVerification: "required" },
    registrationOptions: {
      timeout: DEFAULT_WEBAUTHN_TIMEOUT,
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    },
    verifyAuthenticationOptions: { requireUserVerification: true },
    verifyRegistrationOptions: { requireUserVerification: true },
    ...config,
  })
}
