/**
 * `@gatehousejs/next/providers`, as `next-auth/providers`: types only — `Provider`, `OAuthConfig`, `OIDCConfig`,
 * `CredentialsConfig`, `EmailConfig`, the providers' profile and option types — for code such as
 * `const providers: Provider[] = […]`. Each provider itself is imported from its own path
 * (`@gatehousejs/next/providers/github`), which loads that provider only.
 */
export type * from "@gatehousejs/core/providers"
export type * from "@gatehousejs/core/providers/types"
// Names @auth/core/providers also exports, from the engine modules that hold them.
export type { AuthorizationEndpointHandler, OAuthEndpointType, OIDCConfigInternal, TokenEndpointHandler, UserinfoEndpointHandler } from "@gatehousejs/core/providers/oauth"
export type { EmailProviderId } from "@gatehousejs/core/providers/provider-types"
export type { OAuthProviderButtonStyles, ProviderType } from "@gatehousejs/core/types"
