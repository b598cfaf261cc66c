/**
 * Zoho sign-in (Zoho Accounts, OAuth 2 for server-based applications). The profile is `GET /oauth/user/info`.
 *
 * Callback URL to register as the client's Authorized Redirect URI (https://api-console.zoho.com):
 * `https://example.com/auth/callback/zoho` (Next.js: `https://example.com/api/auth/callback/zoho`).
 * Environment variables when `Zoho` is listed bare in `providers`: `AUTH_ZOHO_ID`, `AUTH_ZOHO_SECRET`.
 *
 * @example
 * import Zoho from "@gatehousejs/core/providers/zoho"
 *
 * Gatehouse({ providers: [Zoho] })
 * Zoho({ accountsServer: "https://accounts.zoho.eu" }) // users in Zoho's EU data centre
 *
 * Quirks:
 * - Zoho keeps each user in one data centre, and the code must be exchanged at that centre's accounts server
 *   (`accounts.zoho.com`, `.eu`, `.in`, `.com.au`, `.jp`, `.ca`, `.sa`, `.com.cn`, or `accounts.zohocloud.ca`).
 *   `accountsServer` picks it for every request (default `https://accounts.zoho.com`); Auth.js always uses
 *   `.com`, where users of other centres cannot sign in. One provider serves one centre: list it again with
 *   another `id` for a second one.
 * - Zoho reports token errors (`invalid_code`, `invalid_client`) with HTTP 200; `token.conform` makes them the 400 of
 *   RFC 6749 §5.2, so they fail as OAuth errors.
 * - The client secret goes in the token request body, as Zoho documents it. Checks `pkce` and `state`.
 * - The name is `Display_Name`, else first and last name (Auth.js joins the two, giving "undefined" for a missing
 *   one). No picture (`image` is `null`).
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"
import { tokenErrorsSentWith200 } from "../oauth/token-errors.js"

/** `GET /oauth/user/info` with scope `AaaServer.profile.Read` (https://www.zoho.com/accounts/protocol/oauth/sign-in-using-zoho.html). */
export interface ZohoProfile {
  /** The Zoho user id. */
  ZUID: number
  Email: string
  First_Name?: string
  Last_Name?: string
  Display_Name?: string
  [field: string]: unknown
}

export type ZohoUserConfig<P> = OAuthUserConfig<P> & {
  /** The accounts server of your users' data centre, e.g. `https://accounts.zoho.eu`. Default `https://accounts.zoho.com`. */
  accountsServer?: string
}

const accountsHost = /^accounts\.zoho(?:cloud)?\.[a-z]{2,3}(?:\.[a-z]{2})?$/

// The button mark: the Simple Icons "Zoho" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M8.66%206.897a1.299%201.299%200%200%200-1.205.765l-.642%201.44-.062-.385A1.291%201.291%200%200%200%205.27%207.648l-4.185.678A1.291%201.291%200%200%200%20.016%209.807l.678%204.18a1.293%201.293%200%200%200%201.27%201.087c.074%200%20.143-.01.216-.017l4.18-.678c.436-.07.784-.351.96-.723l2.933%201.307a1.304%201.304%200%200%200%20.988.026c.321-.12.575-.365.716-.678l.28-.629.038.276a1.297%201.297%200%200%200%201.455%201.103l3.712-.501a1.29%201.29%200%200%200%201.03.514h4.236c.713%200%201.29-.58%201.291-1.291V9.545c0-.712-.58-1.291-1.291-1.291h-4.236c-.079%200-.155.008-.23.022a1.309%201.309%200%200%200-.275-.288c-.275-.21-.614-.3-.958-.253l-4.197.571c-.155.021-.3.07-.432.14L9.159%207.01a1.27%201.27%200%200%200-.499-.113zm-.025.705c.077%200%20.159.013.24.052l2.971%201.324c-.128.238-.18.508-.142.782l.357%202.596h.002l-.745%201.672a.59.59%200%200%201-.777.296l-3.107-1.385-.004-.041-.41-2.526L8.1%207.95a.589.589%200%200%201%20.536-.348zm-3.159.733c.125%200%20.245.039.343.112.13.09.21.227.237.382l.234%201.446-.56%201.259a1.27%201.27%200%200%200-.026.987c.12.322.364.575.678.717l.295.131a.585.585%200%200%201-.428.314l-4.185.678a.59.59%200%200%201-.674-.485l-.678-4.18a.588.588%200%200%201%20.485-.674l4.185-.678c.03-.004.064-.01.094-.01zm11.705.09a.59.59%200%200%201%20.415.173%201.287%201.287%200%200%200-.416.947v4.237c0%20.033.003.065.005.097l-3.55.482a.586.586%200%200%201-.66-.502l-.191-1.403.899-2.017a1.29%201.29%200%200%200-.333-1.5l3.754-.51c.026-.004.051-.004.077-.004zm1.3.532h4.227c.326%200%20.588.266.588.588v4.237a.589.589%200%200%201-.588.588h-4.237a.564.564%200%200%201-.12-.013c.47-.246.758-.765.684-1.318zm-5.988.309.254.113c.296.133.43.48.296.777l-.432.97-.207-1.465a.58.58%200%200%201%20.09-.395zm5.39.538.453%203.325a.583.583%200%200%201-.453.65zM6.496%2011.545l.17%201.052a.588.588%200%200%201-.293-.776zm3.985%204.344a.588.588%200%200%200-.612.603c0%20.358.244.61.601.61a.582.582%200%200%200%20.607-.608c0-.35-.242-.605-.596-.605zm5.545%200a.588.588%200%200%200-.612.603c0%20.358.245.61.602.61a.582.582%200%200%200%20.606-.608c0-.35-.24-.605-.596-.605zm-8.537.018a.047.047%200%200%200-.048.047v.085c0%20.026.021.047.048.047h.52l-.623.9a.052.052%200%200%200-.009.027v.027c0%20.026.021.047.048.047h.815a.047.047%200%200%200%20.047-.047v-.085a.047.047%200%200%200-.047-.047h-.55l.606-.9a.05.05%200%200%200%20.008-.026v-.028a.047.047%200%200%200-.047-.047zm5.303%200a.047.047%200%200%200-.047.047v1.086c0%20.026.02.047.047.047h.135a.047.047%200%200%200%20.047-.047v-.454h.545v.454c0%20.026.02.047.047.047h.134a.047.047%200%200%200%20.047-.047v-1.086a.047.047%200%200%200-.047-.047h-.134a.047.047%200%200%200-.047.047v.453h-.545v-.453a.047.047%200%200%200-.047-.047zm-2.324.164c.25%200%20.372.194.372.425%200%20.219-.109.425-.358.426-.242%200-.375-.197-.375-.419%200-.235.108-.432.36-.432zm5.545%200c.25%200%20.372.194.372.425%200%20.219-.108.425-.358.426-.242%200-.374-.197-.374-.419%200-.235.108-.432.36-.432z'/%3E%3C/svg%3E"

/** The Zoho provider: scope `AaaServer.profile.Read`, checks `pkce` and `state`, client secret in the body. */
export default function Zoho<P extends ZohoProfile = ZohoProfile>(config: ZohoUserConfig<P> = {}): OAuthConfig<P> {
  const { accountsServer, ...options } = config
  const server = accountsServerOf(accountsServer ?? "https://accounts.zoho.com")
  return {
    id: "zoho",
    name: "Zoho",
    type: "oauth",
    authorization: { url: `${server}/oauth/v2/auth`, params: { scope: "AaaServer.profile.Read" } },
    token: { url: `${server}/oauth/v2/token`, conform: tokenErrorsSentWith200 },
    userinfo: `${server}/oauth/user/info`,
    checks: ["pkce", "state"],
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile: P): User {
      const parts = [profile.First_Name, profile.Last_Name].filter(Boolean).join(" ")
      return {
        id: String(profile.ZUID),
        name: profile.Display_Name || parts || null,
        email: profile.Email ?? null,
        image: null,
      }
    },
    style: { brandColor: "#e42527", text: "#ffffff", logo: LOGO },
    options: options as OAuthUserConfig<P>,
  }
}

/** The origin of a Zoho accounts server, or a clear error for anything else. */
function accountsServerOf(value: string): string {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || url.protocol !== "https:" || !accountsHost.test(url.hostname)) {
    throw new TypeError(`Zoho: accountsServer must be a Zoho accounts server such as https://accounts.zoho.eu, not ${JSON.stringify(value)}.`)
  }
  return url.origin
}
