/**
 * `@simplewebauthn/server`, loaded on the first WebAuthn request (style rule 10: an app without WebAuthn never loads
 * it). A provider may bring its own implementation in `simpleWebAuthn` (Auth.js option; also how tests inject one).
 */
import type { SimpleWebAuthnServer, WebAuthnConfig } from "../providers/types.js"

/** The subset of `@simplewebauthn/server`'s types the core relies on, by shape. */
export interface RegistrationVerification {
  verified: boolean
  registrationInfo?: {
    credential: { id: string; publicKey: Uint8Array; counter: number; transports?: string[] }
    credentialDeviceType: string
    credentialBackedUp: boolean
  }
}

export interface AuthenticationVerification {
  verified: boolean
  authenticationInfo: { newCounter: number; credentialDeviceType?: string; credentialBackedUp?: boolean }
}

export interface WebAuthnServer {
  generateRegistrationOptions(options: Record<string, unknown>): Promise<{ challenge: string } & Record<string, unknown>>
  generateAuthenticationOptions(options: Record<string, unknown>): Promise<{ challenge: string } & Record<string, unknown>>
  verifyRegistrationResponse(options: Record<string, unknown>): Promise<RegistrationVerification>
  verifyAuthenticationResponse(options: Record<string, unknown>): Promise<AuthenticationVerification>
}

let imported: Promise<WebAuthnServer> | undefined

/** The provider's own functions, or `@simplewebauthn/server` (imported once). */
export function webAuthnServer(provider: WebAuthnConfig): Promise<WebAuthnServer> {
  if (provider.simpleWebAuthn) return Promise.resolve(provider.simpleWebAuthn as SimpleWebAuthnServer as unknown as WebAuthnServer)
  // Hidden from bundlers: Next.js's edge build would otherwise bundle the package for every app (and fail on its
  // dynamic code), WebAuthn or not. At run time Node resolves it from node_modules; bundled or edge deployments
  // pass the module as the provider's `simpleWebAuthn` option instead.
  imported ??= import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ "@simplewebauthn/server").then(
    (module) => module as unknown as WebAuthnServer,
    (error: unknown) => {
      imported = undefined
      throw new Error("WebAuthn needs the optional peer dependency @simplewebauthn/server: npm install @simplewebauthn/server", { cause: error })
    },
  )
  return imported
}
