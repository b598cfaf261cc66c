/**
 * "Sign in with Slack" through OpenID Connect (`https://slack.com`, found by discovery). The profile is the ID
 * token's claims.
 *
 * Callback URL to register under OAuth & Permissions → Redirect URLs: `https://example.com/auth/callback/slack`
 * (Next.js: `https://example.com/api/auth/callback/slack`).
 * Environment variables when `Slack` is listed bare in `providers`: `AUTH_SLACK_ID`, `AUTH_SLACK_SECRET`.
 *
 * @example
 * import Slack from "@gatehousejs/core/providers/slack"
 *
 * Gatehouse({ providers: [Slack] })
 *
 * Quirks:
 * - Check `nonce` only, as Auth.js configures it.
 * - Slack-specific claims carry the workspace: `https://slack.com/team_id`, `https://slack.com/team_name`, …; the
 *   account id (`sub`) is the Slack user id.
 * - A refresh token only when token rotation is turned on for the app: access tokens then expire after 12 hours and
 *   are refreshed at `openid.connect.token`, with a new refresh token each time.
 */
import type { User } from "../types.js"
import type { OIDCConfig, OIDCUserConfig } from "./types.js"

/** The claims of Slack's ID token (https://api.slack.com/authentication/sign-in-with-slack#response). */
export interface SlackProfile {
  iss?: string
  aud?: string
  exp?: number
  iat?: number
  auth_time?: number
  nonce?: string
  at_hash?: string
  sub: string
  "https://slack.com/user_id": string
  "https://slack.com/team_id": string
  email: string
  email_verified: boolean
  date_email_verified?: number
  name: string
  picture: string
  given_name?: string
  family_name?: string
  locale?: string
  "https://slack.com/team_name"?: string
  "https://slack.com/team_domain"?: string
  "https://slack.com/user_image_24"?: string
  "https://slack.com/user_image_32"?: string
  "https://slack.com/user_image_48"?: string
  "https://slack.com/user_image_72"?: string
  "https://slack.com/user_image_192"?: string
  "https://slack.com/user_image_512"?: string
  "https://slack.com/user_image_1024"?: string
  "https://slack.com/team_image_34"?: string
  "https://slack.com/team_image_44"?: string
  "https://slack.com/team_image_68"?: string
  "https://slack.com/team_image_88"?: string
  "https://slack.com/team_image_102"?: string
  "https://slack.com/team_image_132"?: string
  "https://slack.com/team_image_230"?: string
  "https://slack.com/team_image_default"?: boolean
  [claim: string]: unknown
}

// The button mark: a simple drawn mark, in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cg%20fill='%23fff'%3E%3Crect%20x='7.5'%20y='2'%20width='3'%20height='20'%20rx='1.5'/%3E%3Crect%20x='13.5'%20y='2'%20width='3'%20height='20'%20rx='1.5'/%3E%3Crect%20x='2'%20y='7.5'%20width='20'%20height='3'%20rx='1.5'/%3E%3Crect%20x='2'%20y='13.5'%20width='20'%20height='3'%20rx='1.5'/%3E%3C/g%3E%3C/svg%3E"

/** The Slack provider: OIDC discovery, scope `openid profile email`, check `nonce`. */
export default function Slack<P extends SlackProfile = SlackProfile>(options: OIDCUserConfig<P> = {}): OIDCConfig<P> {
  return {
    id: "slack",
    name: "Slack",
    type: "oidc",
    issuer: "https://slack.com",
    checks: ["nonce"],
    profile(profile: P): User {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null }
    },
    style: { brandColor: "#611f69", logo: LOGO },
    options: options as OIDCConfig<P>["options"],
  }
}
