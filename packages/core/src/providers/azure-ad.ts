/**
 * Azure Active Directory: Microsoft Entra ID under its former name and id, for apps whose accounts and callback URL
 * were registered as `azure-ad`. It is {@link MicrosoftEntraID} in every other respect (OpenID Connect, the profile
 * from the ID token, the picture from Microsoft Graph); new apps use `microsoft-entra-id`.
 *
 * Callback URL registered as a Web redirect URI of the app registration:
 * `https://example.com/auth/callback/azure-ad` (Next.js: `https://example.com/api/auth/callback/azure-ad`).
 * Environment variables when `AzureAD` is listed bare in `providers`: `AUTH_AZURE_AD_ID`, `AUTH_AZURE_AD_SECRET`,
 * `AUTH_AZURE_AD_ISSUER` (`https://login.microsoftonline.com/{tenant}/v2.0`).
 *
 * @example
 * import AzureAD from "@gatehousejs/core/providers/azure-ad"
 *
 * Gatehouse({ providers: [AzureAD({ tenantId: "00000000-0000-0000-0000-000000000000" })] })
 *
 * Quirks:
 * - Deprecated, as in Auth.js: Azure AD is now Microsoft Entra ID. Moving to `microsoft-entra-id` changes the
 *   callback URL to register and the `provider` stored with each account, so existing accounts need that column
 *   updated.
 * - Everything in {@link MicrosoftEntraID}'s notes applies: tenant `common` by default, the multi-tenant issuer rewrite,
 *   `sub` per app (`oid` across the tenant's apps), the Graph photo with `User.Read`.
 */
import MicrosoftEntraID, { type MicrosoftEntraIDProfile, type MicrosoftEntraIDUserConfig } from "./microsoft-entra-id.js"
import type { OIDCConfig } from "./types.js"

/** The claims of an Entra ID v2.0 ID token: {@link MicrosoftEntraIDProfile}. */
export type AzureADProfile = MicrosoftEntraIDProfile

/**
 * The Azure AD provider: {@link MicrosoftEntraID} with the id `azure-ad`.
 * @deprecated Use `@gatehousejs/core/providers/microsoft-entra-id`.
 */
export default function AzureAD<P extends AzureADProfile = AzureADProfile>(config: MicrosoftEntraIDUserConfig<P> = {}): OIDCConfig<P> {
  return {
    ...MicrosoftEntraID(config),
    id: "azure-ad",
    name: "Azure Active Directory",
    type: "oidc",
  }
}
