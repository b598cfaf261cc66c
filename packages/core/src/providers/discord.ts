/**
 * Discord sign-in (OAuth 2). The profile is `GET /api/users/@me`.
 *
 * Callback URL to register under OAuth2 → Redirects: `https://example.com/auth/callback/discord`
 * (Next.js: `https://example.com/api/auth/callback/discord`).
 * Environment variables when `Discord` is listed bare in `providers`: `AUTH_DISCORD_ID`, `AUTH_DISCORD_SECRET`.
 *
 * @example
 * import Discord from "@gatehousejs/core/providers/discord"
 *
 * Gatehouse({ providers: [Discord] })
 * Discord({ authorization: { params: { scope: "identify email guilds" } } })
 *
 * Quirks:
 * - The avatar is a hash: the picture is `https://cdn.discordapp.com/avatars/{id}/{hash}.png` (`.gif` for animated
 *   `a_` hashes); users without one get a default avatar, `embed/avatars/{n}.png`, with `n` from the id (new
 *   usernames, discriminator `"0"`) or from the legacy discriminator.
 * - `verified` tells whether the e-mail address is verified.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET /users/@me` (https://discord.com/developers/docs/resources/user#user-object). */
export interface DiscordProfile {
  /** A snowflake, as a string. */
  id: string
  username: string
  /** `"0"` for accounts on the new unique usernames. */
  discriminator: string
  global_name: string | null
  avatar: string | null
  bot?: boolean
  system?: boolean
  mfa_enabled?: boolean
  banner?: string | null
  accent_color?: number | null
  locale?: string
  /** Whether the e-mail address is verified (needs the `email` scope). */
  verified?: boolean
  email?: string | null
  flags?: number
  premium_type?: number
  public_flags?: number
  avatar_decoration_data?: { asset: string; sku_id: string } | null
  [field: string]: unknown
}

// The button mark: the Simple Icons "Discord" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M20.317%204.3698a19.7913%2019.7913%200%2000-4.8851-1.5152.0741.0741%200%2000-.0785.0371c-.211.3753-.4447.8648-.6083%201.2495-1.8447-.2762-3.68-.2762-5.4868%200-.1636-.3933-.4058-.8742-.6177-1.2495a.077.077%200%2000-.0785-.037%2019.7363%2019.7363%200%2000-4.8852%201.515.0699.0699%200%2000-.0321.0277C.5334%209.0458-.319%2013.5799.0992%2018.0578a.0824.0824%200%2000.0312.0561c2.0528%201.5076%204.0413%202.4228%205.9929%203.0294a.0777.0777%200%2000.0842-.0276c.4616-.6304.8731-1.2952%201.226-1.9942a.076.076%200%2000-.0416-.1057c-.6528-.2476-1.2743-.5495-1.8722-.8923a.077.077%200%2001-.0076-.1277c.1258-.0943.2517-.1923.3718-.2914a.0743.0743%200%2001.0776-.0105c3.9278%201.7933%208.18%201.7933%2012.0614%200a.0739.0739%200%2001.0785.0095c.1202.099.246.1981.3728.2924a.077.077%200%2001-.0066.1276%2012.2986%2012.2986%200%2001-1.873.8914.0766.0766%200%2000-.0407.1067c.3604.698.7719%201.3628%201.225%201.9932a.076.076%200%2000.0842.0286c1.961-.6067%203.9495-1.5219%206.0023-3.0294a.077.077%200%2000.0313-.0552c.5004-5.177-.8382-9.6739-3.5485-13.6604a.061.061%200%2000-.0312-.0286zM8.02%2015.3312c-1.1825%200-2.1569-1.0857-2.1569-2.419%200-1.3332.9555-2.4189%202.157-2.4189%201.2108%200%202.1757%201.0952%202.1568%202.419%200%201.3332-.9555%202.4189-2.1569%202.4189zm7.9748%200c-1.1825%200-2.1569-1.0857-2.1569-2.419%200-1.3332.9554-2.4189%202.1569-2.4189%201.2108%200%202.1757%201.0952%202.1568%202.419%200%201.3332-.946%202.4189-2.1568%202.4189Z'/%3E%3C/svg%3E"

/** The Discord provider: scope `identify email`, PKCE. */
export default function Discord<P extends DiscordProfile = DiscordProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "discord",
    name: "Discord",
    type: "oauth",
    authorization: { url: "https://discord.com/api/oauth2/authorize", params: { scope: "identify email" } },
    token: "https://discord.com/api/oauth2/token",
    userinfo: "https://discord.com/api/users/@me",
    profile(profile: P): User {
      return {
        id: profile.id,
        name: profile.global_name ?? profile.username,
        email: profile.email ?? null,
        image: avatarUrl(profile),
      }
    },
    style: { brandColor: "#5865f2", logo: LOGO },
    options,
  }
}

/** https://discord.com/developers/docs/reference#image-formatting */
function avatarUrl(profile: DiscordProfile): string {
  if (profile.avatar) {
    const format = profile.avatar.startsWith("a_") ? "gif" : "png"
    return `https://cdn.discordapp.com/avatars/${profile.id}/${profile.avatar}.${format}`
  }
  const index = profile.discriminator === "0" || !profile.discriminator
    ? Number((BigInt(profile.id) >> 22n) % 6n)
    : Number.parseInt(profile.discriminator, 10) % 5
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`
}
