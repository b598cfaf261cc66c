/**
 * Mattermost: https://developers.mattermost.com/integrate/apps/authentication/oauth2/ and the server's OAuth 2.0
 * service provider (`/oauth/authorize`, `POST /oauth/access_token` reading `client_id`, `client_secret`, `code`,
 * `grant_type`, `redirect_uri` from the form), and https://developers.mattermost.com/api-documentation/#/operations/GetUser
 * (`GET /api/v4/users/me`: `id`, `username`, `email`, `first_name`, `last_name`, `nickname`, `roles`, `locale`, …).
 */
import Mattermost from "@gatehousejs/core/providers/mattermost"
import type { StandIn } from "../spec.js"

const SERVER = "https://chat.example.com"

export default {
  name: "mattermost",
  provider: Mattermost,
  options: { issuer: SERVER },
  authorization: { url: `${SERVER}/oauth/authorize`, params: { response_type: "code", code_challenge_method: "S256" } },
  token: { url: `${SERVER}/oauth/access_token`, auth: "client_secret_post", response: { scope: "user", refresh_token: "mattermost-refresh" } },
  api: {
    [`GET ${SERVER}/api/v4/users/me`]: {
      body: {
        id: "7e4syzk1pfrrmn9uc3fuwyeirh",
        create_at: 1_700_000_000_000,
        update_at: 1_700_000_100_000,
        delete_at: 0,
        username: "jdoe",
        auth_data: "",
        auth_service: "",
        email: "jdoe@example.com",
        email_verified: true,
        nickname: "",
        first_name: "Jane",
        last_name: "Doe",
        position: "",
        roles: "system_user",
        locale: "en",
        notify_props: { channel: "true", comments: "never", desktop: "mention", desktop_sound: "true", email: "true", first_name: "false", mention_keys: "", push: "mention", push_status: "away" },
        last_password_update: 1_700_000_000_000,
        timezone: { automaticTimezone: "Europe/Berlin", manualTimezone: "", useAutomaticTimezone: "true" },
        disable_welcome_email: false,
      },
    },
  },
  refresh: {},
  expect: { providerAccountId: "7e4syzk1pfrrmn9uc3fuwyeirh", user: { name: "jdoe", email: "jdoe@example.com" } },
} satisfies StandIn
