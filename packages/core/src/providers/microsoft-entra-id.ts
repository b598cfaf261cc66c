/**
 * Microsoft Entra ID (formerly Azure AD) sign-in through OpenID Connect, for work, school and (with the `common` or
 * `consumers` tenant) personal Microsoft accounts. The profile is the ID token's claims; the picture comes from
 * Microsoft Graph.
 *
 * Callback URL to register as a Web redirect URI of the app registration:
 * `https://example.com/auth/callback/microsoft-entra-id`
 * (Next.js: `https://example.com/api/auth/callback/microsoft-entra-id`).
 * Environment variables when `MicrosoftEntraID` is listed bare in `providers`: `AUTH_MICROSOFT_ENTRA_ID_ID`,
 * `AUTH_MICROSOFT_ENTRA_ID_SECRET`, `AUTH_MICROSOFT_ENTRA_ID_ISSUER`
 * (`https://login.microsoftonline.com/{tenant}/v2.0`).
 *
 * @example
 * import MicrosoftEntraID from "@gatehousejs/core/providers/microsoft-entra-id"
 *
 * Gatehouse({ providers: [MicrosoftEntraID({ tenantId: "00000000-0000-0000-0000-000000000000" })] })
 * Gatehouse({ providers: [MicrosoftEntraID({ issuer: "https://login.microsoftonline.com/organizations/v2.0" })] })
 *
 * Quirks:
 * - The issuer is `https://login.microsoftonline.com/{tenantId}/v2.0`, tenant `common` by default; an `issuer`
 *   option wins over `tenantId`. When you call the function yourself, pass `issuer` or `tenantId`: the default issuer
 *   is set, so `AUTH_MICROSOFT_ENTRA_ID_ISSUER` applies only to the bare `MicrosoftEntraID`.
 * - The multi-tenant tenants (`common`, `organizations`, `consumers`) publish an issuer with a literal `{tenantid}`
 *   and sign ID tokens with the user's own tenant as `iss`; `[conformInternal]` asks the engine for that rewrite.
 * - `sub` is pairwise (per app); `oid` is the user's id across the tenant's apps.
 * - `profile()` fetches the photo from Graph (`User.Read`, in the default scope) as a `data:` URL; any failure (no
 *   photo, no consent, time-out) just leaves `image: null`.
 * - A refresh token comes only with `offline_access` in the scope. Microsoft requires `scope` on a refresh request
 *   (a narrower one narrows the new token), so the refresh sends the sign-in's scope.
 */
import { endpointParams } from "../oauth/endpoints.js"
import { providerFetch } from "../oauth/http.js"
import { conformInternal } from "../symbols.js"
import type { TokenSet, User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of an Entra ID v2.0 ID token (https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference). */
export interface MicrosoftEntraIDProfile {
  aud: string
  iss: string
  iat: number
  nbf: number
  exp: number
  sub: string
  /** The user's object id, the same for every app of the tenant. */
  oid: string
  /** The tenant the user signed in to. */
  tid: string
  ver: "2.0"
  name?: string
  /** Usually the UPN or e-mail the user signed in with; not verified, and may change. */
  preferred_username?: string
  /** An optional claim; needs the `email` scope and an address on the account. */
  email?: string
  given_name?: string
  family_name?: string
  nonce?: string
  aio?: string
  rh?: string
  uti?: string
  login_hint?: string
  idp?: string
  roles?: string[]
  groups?: string[]
  [claim: string]: unknown
}

/** The sizes Graph serves a profile photo in. */
export type MicrosoftEntraIDPhotoSize = 48 | 64 | 96 | 120 | 240 | 360 | 432 | 504 | 648

export type MicrosoftEntraIDUserConfig<P> = OIDCUserConfig<P> & {
  /** A tenant GUID, a verified domain, or `common` | `organizations` | `consumers`. Default `common`. */
  tenantId?: string
  /** The size of the photo `profile()` fetches. Default 48. */
  profilePhotoSize?: MicrosoftEntraIDPhotoSize
}

// The button mark: a simple drawn mark, in the button text colour. Inline: pages load no remote image.
// Microsoft identity platform branding guidelines: the four-colour logo, never one colour; a white button with #5E5E5E
// text, or #2F2F2F with white text on a dark page.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2021%2021'%3E%3Cpath%20fill='%23F25022'%20d='M1%201h9v9H1z'/%3E%3Cpath%20fill='%237FBA00'%20d='M11%201h9v9h-9z'/%3E%3Cpath%20fill='%2300A4EF'%20d='M1%2011h9v9H1z'/%3E%3Cpath%20fill='%23FFB900'%20d='M11%2011h9v9h-9z'/%3E%3C/svg%3E"

/** The Microsoft Entra ID provider: OIDC discovery on the tenant's issuer, scope `openid profile email User.Read`. */
export default function MicrosoftEntraID<P extends MicrosoftEntraIDProfile = MicrosoftEntraIDProfile>(
  options: MicrosoftEntraIDUserConfig<P> = {},
): OIDCConfig<P> {
  const { tenantId = "common", profilePhotoSize = 48 } = options
  return {
    id: "microsoft-entra-id",
    name: "Microsoft Entra ID",
    type: "oidc",
    issuer: options.issuer ?? `https://login.microsoftonline.com/${encodeURIComponent(tenantId)}/v2.0`,
    authorization: { params: { scope: "openid profile email User.Read" } },
    refresh: { params: { scope: signInScope } },
    async profile(profile: P, tokens: TokenSet): Promise<User> {
      return {
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        // The user's own options carry any `[customFetch]`, so the photo request goes through it too.
        image: await profilePhoto(providerFetch(options), tokens.access_token, profilePhotoSize),
      }
    },
    style: { brandColor: "#0072c6", bg: "#ffffff", text: "#5e5e5e", bgDark: "#2f2f2f", textDark: "#ffffff", logo: LOGO },
    [conformInternal]: true,
    options: options as OIDCConfig<P>["options"],
  }
}

/** The scope the sign-in asked for, the user's options included: what a refresh must ask for again. */
function signInScope(provider: { authorization?: unknown }): string | undefined {
  return endpointParams(provider.authorization).scope
}

/** The Graph profile photo as a `data:` URL, or `null` when there is none or it cannot be had. */
async function profilePhoto(
  fetch: ReturnType<typeof providerFetch>,
  accessToken: string | undefined,
  size: number,
): Promise<string | null> {
  if (!accessToken) return null
  try {
    const url = `https://graph.microsoft.com/v1.0/me/photos/${size}x${size}/$value`
    const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } })
    if (!response.ok) return null
    const type = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? ""
    const mediaType = /^image\/[a-z\d.+-]+$/.test(type) ? type : "image/jpeg"
    return `data:${mediaType};base64,${toBase64(new Uint8Array(await response.arrayBuffer()))}`
  } catch {
    return null
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = ""
  // Chunks keep String.fromCharCode under the engines' argument-count limit.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}
