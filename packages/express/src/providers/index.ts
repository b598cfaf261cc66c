/**
 * `@gatehousejs/express/providers`, as `@auth/express/providers`: types only — `Provider`, `OAuthConfig`, `OIDCConfig`,
 * `CredentialsConfig`, `EmailConfig`, the providers' profile and option types. Each provider itself is imported from
 * its own path (`@gatehousejs/express/providers/github`), which loads that provider only.
 */
export type * from "@gatehousejs/core/providers"
export type * from "@gatehousejs/core/providers/types"
