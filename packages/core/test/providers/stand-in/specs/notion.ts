/**
 * Notion: https://developers.notion.com/docs/authorization (a public integration: `https://api.notion.com/v1/oauth/authorize`
 * with `client_id`, `response_type=code`, `owner=user`, `redirect_uri`; `POST https://api.notion.com/v1/oauth/token`
 * with the client id and secret as HTTP Basic, answering `access_token`, `token_type: "bearer"`, `bot_id`,
 * `workspace_id`, `workspace_name`, `workspace_icon`, `owner`, `duplicated_template_id`, `request_id`),
 * https://developers.notion.com/reference/get-self (`GET /v1/users/me` with `Notion-Version`: the bot user, whose
 * `bot.owner.user` is the person who installed it) and https://developers.notion.com/reference/user (a person user:
 * `id`, `name`, `avatar_url`, `person.email`, its example reused here).
 *
 * The reference shows the token request's body as JSON; the provider sends the form of RFC 6749 §4.1.3, as Auth.js
 * does. That the endpoint takes it is not on the page.
 */
import Notion, { NOTION_API_VERSION } from "@gatehousejs/core/providers/notion"
import type { RecordedRequest } from "../../loopback.js"
import type { StandIn } from "../spec.js"

const person = {
  object: "user",
  id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
  type: "person",
  name: "Avocado Lovelace",
  avatar_url: "https://secure.notion-static.com/e6a352a8-8381-44d0-a1dc-9ed80e62b53d.jpg",
  person: { email: "avo@example.org" },
}

export default {
  name: "notion",
  provider: Notion,
  authorization: { url: "https://api.notion.com/v1/oauth/authorize", params: { response_type: "code", owner: "user", scope: undefined } },
  token: {
    url: "https://api.notion.com/v1/oauth/token",
    auth: "client_secret_basic",
    response: {
      token_type: "bearer",
      expires_in: undefined,
      refresh_token: "nrt_4991090011501Ejc6Xn4sHguI7jZIN449mKe9PRhpMfNK",
      bot_id: "b3414d659-1224-5ty7-6ffr-cc9d8773drt601288f",
      workspace_id: "j565j4d7x3-2882-61bs-564a-jj9d9ui-c36hxfr7x",
      workspace_name: "Ada's Notion Workspace",
      workspace_icon: "https://url.to.icon",
      owner: { type: "user", user: person },
      duplicated_template_id: null,
      request_id: "f3dd3aa0-2ad9-4d05-a1b0-3b5d6a0e5e2e",
    },
  },
  api: {
    "GET https://api.notion.com/v1/users/me": {
      body: (request: RecordedRequest) => {
        if (request.headers["notion-version"] !== NOTION_API_VERSION) return { object: "error", status: 400, code: "missing_version", message: "Notion-Version header failed validation" }
        return {
          object: "user",
          id: "b3414d65-9122-45e7-86ff-cc9d8773d601",
          type: "bot",
          name: "Gatehouse sign-in",
          avatar_url: null,
          bot: { owner: { type: "user", user: person }, workspace_name: "Ada's Notion Workspace" },
        }
      },
    },
  },
  refresh: { rotate: true },
  expect: {
    providerAccountId: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
    user: { name: "Avocado Lovelace", email: "avo@example.org", image: "https://secure.notion-static.com/e6a352a8-8381-44d0-a1dc-9ed80e62b53d.jpg" },
  },
} satisfies StandIn
