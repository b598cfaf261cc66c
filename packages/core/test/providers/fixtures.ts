/**
 * One entry per built-in OAuth/OIDC provider of the catalog (VK has its own tests): the factory, and the options a
 * test app configures it with — credentials for all, plus an `issuer` for the providers whose issuer the user
 * supplies. The sign-in URL tests drive `Auth()` with these; the catalog tests check the factories against them.
 */
import Apple from "@gatehouse/core/providers/apple"
import Atlassian from "@gatehouse/core/providers/atlassian"
import Auth0 from "@gatehouse/core/providers/auth0"
import Authentik from "@gatehouse/core/providers/authentik"
import Bitbucket from "@gatehouse/core/providers/bitbucket"
import Cognito from "@gatehouse/core/providers/cognito"
import Discord from "@gatehouse/core/providers/discord"
import Dropbox from "@gatehouse/core/providers/dropbox"
import Facebook from "@gatehouse/core/providers/facebook"
import GitHub from "@gatehouse/core/providers/github"
import GitLab from "@gatehouse/core/providers/gitlab"
import Google from "@gatehouse/core/providers/google"
import Kakao from "@gatehouse/core/providers/kakao"
import Keycloak from "@gatehouse/core/providers/keycloak"
import LINE from "@gatehouse/core/providers/line"
import LinkedIn from "@gatehouse/core/providers/linkedin"
import Mailru from "@gatehouse/core/providers/mailru"
import MicrosoftEntraID from "@gatehouse/core/providers/microsoft-entra-id"
import Naver from "@gatehouse/core/providers/naver"
import Notion from "@gatehouse/core/providers/notion"
import Okta from "@gatehouse/core/providers/okta"
import Patreon from "@gatehouse/core/providers/patreon"
import Reddit from "@gatehouse/core/providers/reddit"
import Salesforce from "@gatehouse/core/providers/salesforce"
import Slack from "@gatehouse/core/providers/slack"
import Spotify from "@gatehouse/core/providers/spotify"
import Strava from "@gatehouse/core/providers/strava"
import Twitch from "@gatehouse/core/providers/twitch"
import Twitter from "@gatehouse/core/providers/twitter"
import Yandex from "@gatehouse/core/providers/yandex"
import ZITADEL from "@gatehouse/core/providers/zitadel"
import Zoom from "@gatehouse/core/providers/zoom"
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
