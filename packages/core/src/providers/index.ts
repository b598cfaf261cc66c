/**
 * The built-in providers, for `import { GitHub, Google } from "@gatehousejs/core/providers"`. Each one is also its own
 * entry point (`@gatehousejs/core/providers/github`), which loads only that provider.
 */
export type { OAuthProviderId } from "./provider-ids.js"
export { default as Credentials, type CredentialsUserConfig } from "./credentials.js"
export { default as Email, EMAIL_MAX_AGE, type EmailUserConfig } from "./email.js"
export { default as Nodemailer, type NodemailerConfig, type NodemailerUserConfig } from "./nodemailer.js"
export { default as Resend, type ResendUserConfig } from "./resend.js"
export { default as WebAuthn, DEFAULT_WEBAUTHN_TIMEOUT, type WebAuthnConfig, type WebAuthnUserConfig } from "./webauthn.js"
export { default as Passkey } from "./passkey.js"
export { default as Apple, createAppleClientSecret, type AppleClientSecretOptions, type AppleProfile } from "./apple.js"
export { default as Atlassian, type AtlassianProfile } from "./atlassian.js"
export { default as Auth0, type Auth0Profile } from "./auth0.js"
export { default as Authentik, type AuthentikProfile } from "./authentik.js"
export { default as Bitbucket, type BitbucketEmail, type BitbucketProfile } from "./bitbucket.js"
export { default as Cognito, type CognitoProfile } from "./cognito.js"
export { default as Discord, type DiscordProfile } from "./discord.js"
export { default as Dropbox, type DropboxProfile } from "./dropbox.js"
export { default as Facebook, type FacebookProfile } from "./facebook.js"
export { default as GitHub, type GitHubEmail, type GitHubProfile, type GitHubUserConfig } from "./github.js"
export { default as GitLab, type GitLabProfile, type GitLabUserConfig } from "./gitlab.js"
export { default as Google, type GoogleProfile } from "./google.js"
export { default as Kakao, type KakaoProfile } from "./kakao.js"
export { default as Keycloak, type KeycloakProfile } from "./keycloak.js"
export { default as LINE, type LineProfile } from "./line.js"
export { default as LinkedIn, type LinkedInProfile } from "./linkedin.js"
export { default as Mailru, type MailruProfile } from "./mailru.js"
export {
  default as MicrosoftEntraID,
  type MicrosoftEntraIDPhotoSize,
  type MicrosoftEntraIDProfile,
  type MicrosoftEntraIDUserConfig,
} from "./microsoft-entra-id.js"
export { default as Naver, type NaverProfile } from "./naver.js"
export { default as Notion, type NotionBotUser, type NotionProfile } from "./notion.js"
export { default as Okta, type OktaProfile } from "./okta.js"
export { default as Patreon, type PatreonProfile } from "./patreon.js"
export { default as Reddit, type RedditProfile } from "./reddit.js"
export { default as Salesforce, type SalesforceProfile } from "./salesforce.js"
export { default as Slack, type SlackProfile } from "./slack.js"
export { default as Spotify, type SpotifyProfile } from "./spotify.js"
export { default as Strava, type StravaProfile } from "./strava.js"
export { default as Twitch, type TwitchProfile } from "./twitch.js"
export { default as Twitter, type TwitterProfile } from "./twitter.js"
export { default as Yandex, type YandexProfile } from "./yandex.js"
export { default as ZITADEL, type ZitadelProfile } from "./zitadel.js"
export { default as Zoom, type ZoomProfile } from "./zoom.js"
export { default as VK, type VkProfile } from "./vk.js"
