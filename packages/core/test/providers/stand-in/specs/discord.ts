/**
 * Discord: https://discord.com/developers/docs/topics/oauth2 (authorization code grant; the token request takes the
 * client credentials as Basic or in the body) and https://discord.com/developers/docs/resources/user#get-current-user
 * (the user object; `avatar` a hash, `global_name` the display name).
 */
import Discord from "@gatehousejs/core/providers/discord"
import type { StandIn } from "../spec.js"

export default {
  name: "discord",
  provider: Discord,
  authorization: { url: "https://discord.com/api/oauth2/authorize", params: { scope: "identify email", response_type: "code" } },
  token: { url: "https://discord.com/api/oauth2/token", auth: "client_secret_basic", response: { refresh_token: "discord-refresh", scope: "identify email" } },
  api: {
    "GET https://discord.com/api/users/@me": {
      body: {
        id: "80351110224678912",
        username: "nelly",
        discriminator: "0",
        global_name: "Nelly",
        avatar: "8342729096ea3675442027381ff50dfe",
        verified: true,
        email: "nelly@discord.com",
        flags: 64,
        premium_type: 1,
        public_flags: 64,
      },
    },
  },
  refresh: {},
  expect: {
    providerAccountId: "80351110224678912",
    user: { name: "Nelly", email: "nelly@discord.com", image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png" },
  },
} satisfies StandIn
