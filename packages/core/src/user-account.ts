/**
 * The resources a sign-in yields — the `User` a provider's `profile` callback returns, the provider's `Account` and
 * its tokens — declared apart from types.ts (which re-exports them) so that adapters.ts, whose `AdapterUser` and
 * `AdapterAccount` extend them, needs nothing that needs it. `User` is still augmented through
 * `declare module "@gatehousejs/core/types"`: TypeScript merges an augmentation into the declaration behind a re-export.
 */

/** Provider types of the spec. WebAuthn types are `webauthn` (the generic one) and `passkey` is a provider id. */
export type ProviderType = "oidc" | "oauth" | "email" | "credentials" | WebAuthnProviderType

export type WebAuthnProviderType = "webauthn"

/** The shape a provider's `profile` callback returns and the callbacks see. */
export interface User {
  id?: string
  name?: string | null
  email?: string | null
  image?: string | null
}

/** RFC 9396 authorization details, as a token endpoint may return them. */
export interface AuthorizationDetails {
  readonly type: string
  readonly [parameter: string]: unknown
}

/** A partial token-endpoint response. */
export interface TokenEndpointResponse {
  access_token?: string
  token_type?: Lowercase<string>
  id_token?: string
  refresh_token?: string
  scope?: string
  expires_in?: number
  authorization_details?: AuthorizationDetails[]
  [parameter: string]: unknown
}

/** The full token set a provider returned, plus the computed `expires_at`. */
export interface TokenSet extends TokenEndpointResponse {
  /** Absolute expiry in seconds since the epoch, computed from `expires_in`. */
  expires_at?: number
}

export interface Account extends Partial<TokenEndpointResponse> {
  /** Provider id. */
  provider: string
  /**
   * oauth/oidc: the account id the `profile()` callback returned; email: the user's address; credentials: the `id`
   * `authorize()` returned.
   */
  providerAccountId: string
  type: ProviderType
  userId?: string
  expires_at?: number
}
