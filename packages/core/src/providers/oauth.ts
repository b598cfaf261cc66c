/**
 * `@gatehousejs/core/providers/oauth`, as `@auth/core/providers/oauth`: the types of OAuth 2 and OpenID Connect
 * providers, for writing one of your own (`const corp: OIDCConfig<CorpProfile> = { id: "corp", type: "oidc", … }`).
 * Types only: importing it loads nothing.
 */
import type { Profile, TokenSet } from "../types.js"
import type { AuthorizationParameters, EndpointHandler, OAuthConfig, OIDCChecks, TokenEndpointContext, UserinfoEndpointContext } from "./types.js"

export type { OAuthProviderId } from "./provider-ids.js"
export type {
  AccountCallback,
  AuthorizationParameters,
  EndpointHandler,
  OAuth2Config,
  OAuthClientSettings,
  OAuthConfig,
  OAuthConfigInternal,
  OAuthUserConfig,
  OIDCConfig,
  OIDCUserConfig,
  ProfileCallback,
} from "./types.js"
export type { OAuthProviderButtonStyles, TokenSet } from "../types.js"

/** The checks a provider may ask for: `pkce`, `state`, `nonce` (OIDC), or `none`. */
export type OAuthChecks = OIDCChecks
export type AuthorizationEndpointHandler = EndpointHandler<AuthorizationParameters>
export type TokenEndpointHandler = EndpointHandler<Record<string, unknown>, TokenEndpointContext, { tokens: TokenSet }>
export type UserinfoEndpointHandler = EndpointHandler<Record<string, unknown>, UserinfoEndpointContext, Profile>
/** The three endpoints a provider may configure. */
export type OAuthEndpointType = "authorization" | "token" | "userinfo"
/** An OIDC provider after normalisation, as the engine hands it to its handlers. */
export type OIDCConfigInternal<P = Profile> = Extract<OAuthConfig<P>, { type: "oidc" }> & { signinUrl: string; callbackUrl: string }