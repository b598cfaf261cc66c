/**
 * One entry per built-in OAuth/OIDC provider of the catalog (VK has its own tests): the factory, and the options a
 * test app configures it with — credentials for all, plus an `issuer` for the providers whose issuer the user
 * supplies. The sign-in URL tests drive `Auth()` with these; the catalog tests check the factories against them.
 */
import Apple from "@gatehousejs/core/providers/apple"
import Atlassian from "@gatehousejs/core/providers/atlassian"
import Auth0 from "@gatehousejs/core/providers/auth0"
import Authentik from "@gatehousejs/core/providers/authentik"
import Bitbucket from "@gatehousejs/core/providers/bitbucket"
import Cognito from "@gatehousejs/core/providers/cognito"
import Discord from "@gatehousejs/core/providers/discord"
import Dropbox from "@gatehousejs/core/providers/dropbox"
import Facebook from "@gatehousejs/core/providers/facebook"
import GitHub from "@gatehousejs/core/providers/github"
import GitLab from "@gatehousejs/core/providers/gitlab"
import Google from "@gatehousejs/core/providers/google"
import Kakao from "@gatehousejs/core/providers/kakao"
import Keycloak from "@gatehousejs/core/providers/keycloak"
import LINE from "@gatehousejs/core/providers/line"
import LinkedIn from "@gatehousejs/core/providers/linkedin"
import Mailru from "@gatehousejs/core/providers/mailru"
import MicrosoftEntraID from "@gatehousejs/core/providers/microsoft-entra-id"
import Naver from "@gatehousejs/core/providers/naver"
import Notion from "@gatehousejs/core/providers/notion"
import Okta from "@gatehousejs/core/providers/okta"
import Patreon from "@gatehousejs/core/providers/patreon"
import Reddit from "@gatehousejs/core/providers/reddit"
import Salesforce from "@gatehousejs/core/providers/salesforce"
import Slack from "@gatehousejs/core/providers/slack"
import Spotify from "@gatehousejs/core/providers/spotify"
import Strava from "@gatehousejs/core/providers/strava"
import Twitch from "@gatehousejs/core/providers/twitch"
import Twitter from "@gatehousejs/core/providers/twitter"
import Yandex from "@gatehousejs/core/providers/yandex"
import ZITADEL from "@gatehousejs/core/providers/zitadel"
import Zoom from "@gatehousejs/core/providers/zoom"
import type { OAuthProviderId } from "../../src/providers/provider-ids.js"
import type { OAuthConfig, OIDCConfig } from "../../src/providers/types.js"

/** Any provider factory, its profile type erased (`never`: every `profile(p: XProfile)` accepts it). */
export type ProviderFactory = (options?: Record<string, unknown>) => OAuthConfig<never> | OIDCConfig<never>

export interface ProviderFixture {
  id: OAuthProviderId
  name: string
  type: "oauth" | "oidc"
  create: ProviderFactory
  /** What a test app passes: client credentials, and the issuer where the user supplies it. */
  options: { clientId: string; clientSecret: string; issuer?: string }
  /** The issuer comes from the user (option or `AUTH_<ID>_ISSUER`); without it the config's `issuer` is undefined. */
  userIssuer?: true
}

function fixture(
  id: OAuthProviderId,
  name: string,
  type: "oauth" | "oidc",
  create: unknown,
  issuer?: string,
): ProviderFixture {
  const options = { clientId: `client-id-${id}`, clientSecret: `client-secret-${id}`, ...(issuer ? { issuer } : {}) }
  return { id, name, type, create: create as ProviderFactory, options, ...(issuer ? { userIssuer: true as const } : {}) }
}

export const providerFixtures: readonly ProviderFixture[] = [
  fixture("github", "GitHub", "oauth", GitHub),
  fixture("google", "Google", "oidc", Google),
  fixture("apple", "Apple", "oidc", Apple),
  fixture("microsoft-entra-id", "Microsoft Entra ID", "oidc", MicrosoftEntraID),
  fixture("discord", "Discord", "oauth", Discord),
  fixture("gitlab", "GitLab", "oauth", GitLab),
  fixture("facebook", "Facebook", "oauth", Facebook),
  fixture("twitter", "Twitter", "oauth", Twitter),
  fixture("linkedin", "LinkedIn", "oidc", LinkedIn),
  fixture("slack", "Slack", "oidc", Slack),
  fixture("twitch", "Twitch", "oidc", Twitch),
  fixture("spotify", "Spotify", "oauth", Spotify),
  fixture("auth0", "Auth0", "oidc", Auth0, "https://gatehouse-test.eu.auth0.com/"),
  fixture("okta", "Okta", "oidc", Okta, "https://gatehouse-test.okta.com/oauth2/default"),
  fixture("keycloak", "Keycloak", "oidc", Keycloak, "https://keycloak.example.com/realms/gatehouse"),
  fixture("cognito", "Cognito", "oidc", Cognito, "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123"),
  fixture("zitadel", "ZITADEL", "oidc", ZITADEL, "https://gatehouse-test.zitadel.cloud"),
  fixture("authentik", "Authentik", "oidc", Authentik, "https://authentik.example.com/application/o/gatehouse/"),
  fixture("atlassian", "Atlassian", "oauth", Atlassian),
  fixture("bitbucket", "Bitbucket", "oauth", Bitbucket),
  fixture("dropbox", "Dropbox", "oauth", Dropbox),
  fixture("notion", "Notion", "oauth", Notion),
  fixture("reddit", "Reddit", "oauth", Reddit),
  fixture("strava", "Strava", "oauth", Strava),
  fixture("yandex", "Yandex", "oauth", Yandex),
  fixture("mailru", "Mail.ru", "oauth", Mailru),
  fixture("zoom", "Zoom", "oauth", Zoom),
  fixture("salesforce", "Salesforce", "oidc", Salesforce),
  fixture("patreon", "Patreon", "oauth", Patreon),
  fixture("kakao", "Kakao", "oauth", Kakao),
  fixture("naver", "Naver", "oauth", Naver),
  fixture("line", "LINE", "oidc", LINE),
]

/** The fixture of `id`; throws for an unknown id so a typo fails loudly. */
export function providerFixture(id: OAuthProviderId): ProviderFixture {
  const found = providerFixtures.find((entry) => entry.id === id)
  if (!found) throw new Error(`no provider fixture for "${id}"`)
  return found
}
