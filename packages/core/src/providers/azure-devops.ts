/**
 * Azure DevOps sign-in (Azure DevOps OAuth 2.0, for apps registered before Microsoft closed it to new ones). The
 * profile is `GET /_apis/profile/profiles/me` of the Azure DevOps REST API.
 *
 * Callback URL registered as the app's Authorization callback URL (https://app.vsaex.visualstudio.com/app/register,
 * https only, localhost included): `https://example.com/auth/callback/azure-devops`
 * (Next.js: `https://example.com/api/auth/callback/azure-devops`).
 * Environment variables when `AzureDevOpsProvider` is listed bare in `providers`: `AUTH_AZURE_DEVOPS_ID` (the App
 * ID), `AUTH_AZURE_DEVOPS_SECRET` (the Client Secret, not the App Secret).
 *
 * @example
 * import AzureDevOpsProvider from "@gatehousejs/core/providers/azure-devops"
 *
 * Gatehouse({ providers: [AzureDevOpsProvider] })
 * AzureDevOpsProvider({ scope: "vso.profile vso.project" })
 *
 * Quirks:
 * - Deprecated, as in Auth.js: Azure DevOps OAuth takes no new app registrations since 2025 and is to be retired in
 *   2026. New apps sign in with Microsoft Entra ID (`microsoft-entra-id`) and call Azure DevOps with its tokens.
 * - Azure DevOps's own protocol: `response_type=Assertion`, and the code is redeemed as a JWT bearer assertion
 *   (`grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`, `assertion` = the code, `client_assertion` = the client
 *   secret) at `https://app.vssps.visualstudio.com/oauth2/token`. Auth.js posts that request to the authorization URL
 *   instead, so its sign-in cannot complete.
 * - `scope` is an option of its own (default `vso.profile`) and must match the scopes the app was registered with.
 *   State is the check; Azure DevOps OAuth has no PKCE.
 * - The picture is the profile's `Avatar` core attribute, inlined as a `data:` URL with its own content type.
 * - Azure DevOps refreshes in its JWT-bearer form too (the refresh token as `assertion`, the secret as
 *   `client_assertion`, and `redirect_uri`), which the `refresh_token` grant cannot send: `refresh: false`.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, TokenSet, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, TokenEndpointContext, UserinfoEndpointContext } from "./types.js"

/** `GET /_apis/profile/profiles/me?details=true&coreAttributes=Avatar` (https://learn.microsoft.com/en-us/rest/api/azure/devops/profile/profiles/get). */
export interface AzureDevOpsProfile {
  id: string
  displayName: string
  publicAlias: string
  emailAddress: string
  coreRevision?: number
  timeStamp?: string
  revision?: number
  coreAttributes: {
    Avatar?: { descriptor?: unknown; value: { contentType?: string; value: string }; revision?: number; timeStamp?: string }
    [attribute: string]: unknown
  }
  [field: string]: unknown
}

const TOKEN = "https://app.vssps.visualstudio.com/oauth2/token"
const PROFILE = "https://app.vssps.visualstudio.com/_apis/profile/profiles/me?details=true&coreAttributes=Avatar&api-version=6.0"

/**
 * The Azure DevOps provider: `response_type=Assertion`, the JWT bearer code exchange, state.
 * @deprecated Azure DevOps OAuth is being retired; use `@gatehousejs/core/providers/microsoft-entra-id`.
 */
export default function AzureDevOpsProvider<P extends AzureDevOpsProfile = AzureDevOpsProfile>(
  options: OAuthUserConfig<P> & { scope?: string } = {},
): OAuthConfig<P> {
  const { scope = "vso.profile", ...rest } = options
  return {
    id: "azure-devops",
    name: "Azure DevOps",
    type: "oauth",
    authorization: { url: "https://app.vssps.visualstudio.com/oauth2/authorize", params: { response_type: "Assertion", scope } },
    token: { url: TOKEN, request: assertionGrant },
    userinfo: { url: PROFILE, request: profileRequest },
    refresh: false,
    checks: ["state"],
    profile(profile: P): User {
      const avatar = profile.coreAttributes?.Avatar?.value
      return {
        id: profile.id,
        name: profile.displayName ?? null,
        email: profile.emailAddress ?? null,
        image: avatar?.value ? `data:${avatar.contentType ?? "image/png"};base64,${avatar.value}` : null,
      }
    },
    // Azure DevOps's blue; white text on it meets WCAG AA.
    style: { brandColor: "#0063b1" },
    options: rest as OAuthUserConfig<P>,
  }
}

/** `token.request`: the code redeemed as a JWT bearer assertion, the client secret as the client assertion. */
async function assertionGrant({ params, provider }: TokenEndpointContext): Promise<{ tokens: TokenSet }> {
  const body = new URLSearchParams({
    client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
    client_assertion: provider.clientSecret ?? "",
    grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
    assertion: params.code ?? "",
    redirect_uri: provider.callbackUrl,
  })
  const response = await providerFetch(provider)(TOKEN, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body,
  })
  const tokens = (await response.json().catch(() => null)) as (TokenSet & { Error?: unknown; ErrorDescription?: unknown }) | null
  if (!response.ok || typeof tokens?.access_token !== "string") {
    const reason = typeof tokens?.Error === "string" ? tokens.Error : typeof tokens?.error === "string" ? tokens.error : `HTTP ${response.status}`
    throw new TypeError(`Azure DevOps's token endpoint refused the code: ${reason}.`)
  }
  return { tokens }
}

/** `userinfo.request`: the signed-in user's profile, with the avatar. */
async function profileRequest({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const response = await providerFetch(provider)(PROFILE, { headers: { authorization: `Bearer ${tokens.access_token ?? ""}`, accept: "application/json" } })
  if (!response.ok) throw new TypeError(`Azure DevOps's profile endpoint answered ${response.status}.`)
  return (await response.json()) as Profile
}
