/**
 * WorkOS SSO sign-in: the enterprise identity provider (SAML or OIDC) a WorkOS connection points to, through WorkOS's
 * OAuth 2 front. The profile is `GET /sso/profile`.
 *
 * Callback URL to add to the WorkOS dashboard's Redirects: `https://example.com/auth/callback/workos`
 * (Next.js: `https://example.com/api/auth/callback/workos`).
 * Environment variables when `WorkOS` is listed bare in `providers`: `AUTH_WORKOS_ID` (the client id),
 * `AUTH_WORKOS_SECRET` (an API key), `AUTH_WORKOS_ISSUER` (optional: another API base than `https://api.workos.com/`).
 *
 * @example
 * import WorkOS from "@gatehousejs/core/providers/workos"
 *
 * WorkOS({ connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" })
 * WorkOS({ authorization: { params: { organization: "org_01EHWNCE74X7JSDV0X3SZ3KJNY" } } })
 * signIn("workos", undefined, { organization: user.organizationId }) // or choose per sign-in
 *
 * Quirks:
 * - WorkOS needs to know which identity provider to use: a `connection`, an `organization` or a `provider`
 *   (`GoogleOAuth`…). Pass `connection`, an authorization parameter, or one per sign-in; none is sent when none is
 *   set (Auth.js sends an empty `connection`, which WorkOS refuses).
 * - `first_name` and `last_name` may be missing: the name is what is there, else `null` (Auth.js makes it the string
 *   "undefined undefined"); the picture is the identity provider's `picture` attribute when it sends one (Auth.js
 *   fails when `raw_attributes` is absent).
 * - The client secret (an API key) goes in the token request body. Checks PKCE, as in Auth.js.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** The SSO profile (https://workos.com/docs/reference/sso/profile). */
export interface WorkOSProfile {
  object: "profile"
  id: string
  organization_id: string | null
  connection_id: string
  connection_type: string
  idp_id: string
  email: string
  first_name?: string | null
  last_name?: string | null
  role?: { slug: string }
  roles?: { slug: string }[]
  groups?: string[]
  custom_attributes?: Record<string, unknown>
  /** The identity provider's own attributes, when WorkOS passes them on. */
  raw_attributes?: { picture?: string; [attribute: string]: unknown }
  [field: string]: unknown
}

export type WorkOSUserConfig<P> = OAuthUserConfig<P> & {
  /** The WorkOS connection to sign in with (`conn_…`). */
  connection?: string
}

/** The WorkOS provider: the chosen connection, PKCE, client secret in the body. */
export default function WorkOS<P extends WorkOSProfile = WorkOSProfile>(options: WorkOSUserConfig<P> = {}): OAuthConfig<P> {
  const { connection, ...rest } = options
  const base = (options.issuer ?? "https://api.workos.com/").replace(/\/*$/, "/")
  return {
    id: "workos",
    name: "WorkOS",
    type: "oauth",
    authorization: { url: `${base}sso/authorize`, params: connection ? { connection } : {} },
    token: `${base}sso/token`,
    userinfo: `${base}sso/profile`,
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      return {
        id: profile.id,
        name: [profile.first_name, profile.last_name].filter(Boolean).join(" ") || null,
        email: profile.email ?? null,
        image: typeof profile.raw_attributes?.picture === "string" ? profile.raw_attributes.picture : null,
      }
    },
    style: { brandColor: "#6363f1", text: "#ffffff" },
    options: rest as OAuthUserConfig<P>,
  }
}
