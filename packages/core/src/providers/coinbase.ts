/**
 * Coinbase sign-in (OAuth 2, the Coinbase App's OAuth2 integration). The profile is `GET /v2/user` of the Coinbase
 * App API.
 *
 * Callback URL to register as the OAuth client's redirect URI (CDP portal → API Keys → OAuth):
 * `https://example.com/auth/callback/coinbase` (Next.js: `https://example.com/api/auth/callback/coinbase`).
 * Environment variables when `Coinbase` is listed bare in `providers`: `AUTH_COINBASE_ID`, `AUTH_COINBASE_SECRET`.
 *
 * @example
 * import Coinbase from "@gatehousejs/core/providers/coinbase"
 *
 * Gatehouse({ providers: [Coinbase] })
 * // A refresh token too:
 * Coinbase({ authorization: { params: { scope: "wallet:user:read wallet:user:email offline_access" } } })
 *
 * Quirks:
 * - Scope `wallet:user:read wallet:user:email` (the e-mail address needs the second); the scopes must also be
 *   declared on the OAuth client. A refresh token comes only with `offline_access`.
 * - Coinbase recommends PKCE and shows `state` in every authorization request, so both are sent (Auth.js sends PKCE
 *   only), and the client secret goes in the token request's body, as Coinbase's integration guide sends it.
 * - The profile is the `data` member of Coinbase's answer.
 */
import type { User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig } from "./types.js"

/** `GET https://api.coinbase.com/v2/user`: the Coinbase App API's current user (Users → Show current user). */
export interface CoinbaseProfile {
  data: {
    id: string
    name: string | null
    username: string | null
    profile_location: string | null
    profile_bio: string | null
    profile_url: string | null
    avatar_url: string
    resource: "user"
    resource_path: string
    /** With the `wallet:user:email` scope. */
    email?: string
    [field: string]: unknown
  }
  [field: string]: unknown
}

// The button mark: the Simple Icons "Coinbase" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23fff'%20d='M4.844%2011.053c-.872%200-1.553.662-1.553%201.548s.664%201.542%201.553%201.542c.889%200%201.564-.667%201.564-1.547%200-.875-.664-1.543-1.564-1.543zm.006%202.452c-.497%200-.86-.386-.86-.904%200-.523.357-.909.854-.909.502%200%20.866.392.866.91%200%20.517-.364.903-.86.903zm1.749-1.778h.433v2.36h.693V11.11H6.599zm-5.052-.035c.364%200%20.653.224.762.558h.734c-.133-.713-.722-1.197-1.49-1.197-.872%200-1.553.662-1.553%201.548%200%20.887.664%201.543%201.553%201.543.75%200%201.351-.484%201.484-1.203h-.728a.78.78%200%2001-.756.564c-.502%200-.855-.386-.855-.904%200-.523.347-.909.85-.909zm18.215.622l-.508-.075c-.242-.035-.415-.115-.415-.305%200-.207.225-.31.53-.31.336%200%20.55.143.595.379h.67c-.075-.599-.537-.95-1.247-.95-.733%200-1.218.375-1.218.904%200%20.506.317.8.958.892l.508.075c.249.034.387.132.387.316%200%20.236-.242.334-.577.334-.41%200-.641-.167-.676-.42h-.681c.064.581.52.99%201.35.99.757%200%201.26-.346%201.26-.938%200-.53-.364-.806-.936-.892zM7.378%209.885a.429.429%200%2000-.444.437c0%20.254.19.438.444.438a.429.429%200%2000.445-.438.429.429%200%2000-.445-.437zm10.167%202.245c0-.645-.392-1.076-1.224-1.076-.785%200-1.224.397-1.31%201.007h.687c.035-.236.22-.432.612-.432.352%200%20.525.155.525.345%200%20.248-.317.311-.71.351-.531.058-1.19.242-1.19.933%200%20.535.4.88%201.034.88.497%200%20.809-.207.965-.535.023.293.242.483.548.483h.404v-.616h-.34v-1.34zm-.68.748c0%20.397-.347.69-.769.69-.26%200-.48-.11-.48-.34%200-.293.353-.373.676-.408.312-.028.485-.097.572-.23zm-3.679-1.825c-.386%200-.71.162-.94.432V9.856h-.693v4.23h.68v-.391c.232.282.56.449.953.449.832%200%201.461-.656%201.461-1.543%200-.886-.64-1.548-1.46-1.548zm-.103%202.452c-.497%200-.86-.386-.86-.904%200-.517.369-.909.865-.909.503%200%20.855.386.855.91%200%20.517-.364.903-.86.903zm-3.187-2.452c-.45%200-.745.184-.919.443v-.385H8.29v2.975h.693v-1.617c0-.455.289-.777.716-.777.398%200%20.647.282.647.69v1.704h.692v-1.755c0-.748-.386-1.278-1.142-1.278zM24%2012.503c0-.851-.624-1.45-1.46-1.45-.89%200-1.542.668-1.542%201.548%200%20.927.698%201.543%201.553%201.543.722%200%201.287-.426%201.432-1.03h-.722c-.104.264-.358.414-.699.414-.445%200-.78-.276-.854-.76H24v-.264zm-2.252-.23c.11-.414.422-.615.78-.615.392%200%20.693.224.762.615Z'/%3E%3C/svg%3E"

/** The Coinbase provider: scope `wallet:user:read wallet:user:email`, PKCE and state, client secret in the body. */
export default function Coinbase<P extends CoinbaseProfile = CoinbaseProfile>(options: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "coinbase",
    name: "Coinbase",
    type: "oauth",
    authorization: { url: "https://login.coinbase.com/oauth2/auth", params: { scope: "wallet:user:read wallet:user:email" } },
    token: "https://login.coinbase.com/oauth2/token",
    userinfo: "https://api.coinbase.com/v2/user",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["pkce", "state"],
    profile(profile: P): User {
      return {
        id: profile.data.id,
        name: profile.data.name ?? profile.data.username ?? null,
        email: profile.data.email ?? null,
        image: profile.data.avatar_url ?? null,
      }
    },
    style: { brandColor: "#0052ff", logo: LOGO },
    options,
  }
}
