/**
 * Mailchimp sign-in (OAuth 2, the Marketing API's). The profile is the OAuth metadata endpoint,
 * `GET https://login.mailchimp.com/oauth2/metadata`, which also names the account's data centre (`dc`).
 *
 * Callback URL to register as the app's Redirect URI (Account → Extras → Registered apps):
 * `https://example.com/auth/callback/mailchimp` (Next.js: `https://example.com/api/auth/callback/mailchimp`).
 * Environment variables when `Mailchimp` is listed bare in `providers`: `AUTH_MAILCHIMP_ID`, `AUTH_MAILCHIMP_SECRET`.
 *
 * @example
 * import Mailchimp from "@gatehousejs/core/providers/mailchimp"
 *
 * Gatehouse({ providers: [Mailchimp] })
 * // The Marketing API base for this user: `https://${profile.dc}.api.mailchimp.com/3.0`.
 *
 * Quirks:
 * - Mailchimp has no scopes: a token reaches everything the user can. Tokens do not expire (`expires_in: 0`) and
 *   there is no refresh token (`refresh: false`).
 * - The token answer has no `token_type` and carries `scope: null`, which the OAuth client refuses; `token.conform`
 *   names it a bearer token and drops the null scope. (Auth.js passes it as is.)
 * - The client id and secret go in the token request's body (`client_secret_post`); the metadata request uses the
 *   `Authorization: OAuth <token>` scheme Mailchimp documents, and an `{ error }` answer (which Mailchimp sends with
 *   HTTP 200) fails the sign-in.
 * - Mailchimp documents no PKCE: the check is `state`.
 * - The account id is `login.login_id`; the name is the account's name (`accountname`), as Auth.js; the picture is
 *   `login.avatar` when the user set one.
 */
import { providerFetch } from "../oauth/http.js"
import { rewriteTokenAnswer } from "../oauth/token-errors.js"
import type { Profile, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, UserinfoEndpointContext } from "./types.js"

/** `GET /oauth2/metadata` (https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/). */
export interface MailchimpProfile extends Record<string, unknown> {
  /** The data centre of the account's API, e.g. `us6`. */
  dc: string
  role: string
  accountname: string
  user_id: number
  login: { email: string; avatar: string | null; login_id: number; login_name: string; login_email: string }
  login_url: string
  api_endpoint: string
}

const METADATA = "https://login.mailchimp.com/oauth2/metadata"

// The button mark: the Simple Icons "MailChimp" path (CC0-1.0), in the button text colour. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%23000'%20d='M11.267%200C6.791-.015-1.82%2010.246%201.397%2012.964l.79.669a3.88%203.88%200%200%200-.22%201.792c.084.84.518%201.644%201.22%202.266.666.59%201.542.964%202.392.964%201.406%203.24%204.62%205.228%208.386%205.34%204.04.12%207.433-1.776%208.854-5.182.093-.24.488-1.316.488-2.267%200-.956-.54-1.352-.885-1.352-.01-.037-.078-.286-.172-.586-.093-.3-.19-.51-.19-.51.375-.563.382-1.065.332-1.35-.053-.353-.2-.653-.496-.964-.296-.311-.902-.63-1.753-.868l-.446-.124c-.002-.019-.024-1.053-.043-1.497-.014-.32-.042-.822-.197-1.315-.186-.668-.508-1.253-.911-1.627%201.112-1.152%201.806-2.422%201.804-3.511-.003-2.095-2.576-2.729-5.746-1.416l-.672.285A678.22%20678.22%200%200%200%2012.7.504C12.304.159%2011.817.002%2011.267%200zm.073.873c.166%200%20.322.019.465.058.297.084%201.28%201.224%201.28%201.224s-1.826%201.013-3.52%202.426c-2.28%201.757-4.005%204.311-5.037%207.082-.811.158-1.526.618-1.963%201.253-.261-.218-.748-.64-.834-.804-.698-1.326.761-3.902%201.781-5.357C5.834%203.44%209.37.867%2011.34.873zm3.286%203.273c.04-.002.06.05.028.074-.143.11-.299.26-.413.414a.04.04%200%200%200%20.031.064c.659.004%201.587.235%202.192.574.041.023.012.103-.034.092-.915-.21-2.414-.369-3.97.01-1.39.34-2.45.863-3.224%201.426-.04.028-.086-.023-.055-.06.896-1.035%201.999-1.935%202.987-2.44.034-.018.07.019.052.052-.079.143-.23.447-.278.678-.007.035.032.063.062.042.615-.42%201.684-.868%202.622-.926zm3.023%203.205l.056.001a.896.896%200%200%201%20.456.146c.534.355.61%201.216.638%201.845.015.36.059%201.229.074%201.478.034.571.184.651.487.751.17.057.33.098.563.164.706.198%201.125.4%201.39.658.157.162.23.333.253.497.083.608-.472%201.36-1.942%202.041-1.607.746-3.557.935-4.904.785l-.471-.053c-1.078-.145-1.693%201.247-1.046%202.201.417.615%201.552%201.015%202.688%201.015%202.604%200%204.605-1.111%205.35-2.072a.987.987%200%200%200%20.06-.085c.036-.055.006-.085-.04-.054-.608.416-3.31%202.069-6.2%201.571%200%200-.351-.057-.672-.182-.255-.1-.788-.344-.853-.891%202.333.72%203.801.039%203.801.039a.072.072%200%200%200%20.042-.072.067.067%200%200%200-.074-.06s-1.911.283-3.718-.378c.197-.64.72-.408%201.51-.345a11.045%2011.045%200%200%200%203.647-.394c.818-.234%201.892-.697%202.727-1.356.281.618.38%201.299.38%201.299s.219-.04.4.073c.173.106.299.326.213.895-.176%201.063-.628%201.926-1.387%202.72a5.714%205.714%200%200%201-1.666%201.244c-.34.18-.704.334-1.087.46-2.863.935-5.794-.093-6.739-2.3a3.545%203.545%200%200%201-.189-.522c-.403-1.455-.06-3.2%201.008-4.299.065-.07.132-.153.132-.256%200-.087-.055-.179-.102-.243-.374-.543-1.669-1.466-1.409-3.254.187-1.284%201.31-2.189%202.357-2.135.089.004.177.01.266.015.453.027.85.085%201.223.1.625.028%201.187-.063%201.853-.618.225-.187.405-.35.71-.401.028-.005.092-.028.215-.028zm.022%202.18a.42.42%200%200%200-.06.005c-.335.054-.347.468-.228%201.04.068.32.187.595.32.765.175-.02.343-.022.498%200%20.089-.205.104-.557.024-.942-.112-.535-.261-.872-.554-.868zm-3.66%201.546a1.724%201.724%200%200%200-1.016.326c-.16.117-.311.28-.29.378.008.032.031.056.088.063.131.015.592-.217%201.122-.25.374-.023.684.094.923.2.239.104.386.173.443.113.037-.038.026-.11-.031-.204-.118-.192-.36-.387-.618-.497a1.601%201.601%200%200%200-.621-.129zm4.082.81c-.171-.003-.313.186-.317.42-.004.236.131.43.303.432.172.003.314-.185.318-.42.004-.236-.132-.429-.304-.432zm-3.58.172c-.05%200-.102.002-.155.008-.311.05-.483.152-.593.247-.094.082-.152.173-.152.237a.075.075%200%200%200%20.075.076c.07%200%20.228-.063.228-.063a1.98%201.98%200%200%201%201.001-.104c.157.018.23.027.265-.026.01-.016.022-.049-.01-.1-.063-.103-.311-.269-.66-.275zm2.26.4c-.127%200-.235.051-.283.148-.075.154.035.363.246.466.21.104.443.063.52-.09.075-.155-.035-.364-.246-.467a.542.542%200%200%200-.237-.058zm-11.635.024c.048%200%20.098%200%20.149.003.73.04%201.806.6%202.052%202.19.217%201.41-.128%202.843-1.449%203.069-.123.02-.248.029-.374.026-1.22-.033-2.539-1.132-2.67-2.435-.145-1.44.591-2.548%201.894-2.811.117-.024.252-.04.398-.042zm-.07.927a1.144%201.144%200%200%200-.847.364c-.38.418-.439.988-.366%201.19.027.073.07.094.1.098.064.008.16-.039.22-.2a1.2%201.2%200%200%200%20.017-.052%201.58%201.58%200%200%201%20.157-.37.689.689%200%200%201%20.955-.199c.266.174.369.5.255.81-.058.161-.154.469-.133.721.043.511.357.717.64.738.274.01.466-.143.515-.256.029-.067.005-.107-.011-.125-.043-.053-.113-.037-.18-.021a.638.638%200%200%201-.16.022.347.347%200%200%201-.294-.148c-.078-.12-.073-.3.013-.504.011-.028.025-.058.04-.092.138-.308.368-.825.11-1.317-.195-.37-.513-.602-.894-.65a1.135%201.135%200%200%200-.138-.01z'/%3E%3C/svg%3E"

/** The Mailchimp provider: no scope, check `state`, the profile from the OAuth metadata endpoint. */
export default function Mailchimp<P extends MailchimpProfile = MailchimpProfile>(config: OAuthUserConfig<P> = {}): OAuthConfig<P> {
  return {
    id: "mailchimp",
    name: "Mailchimp",
    type: "oauth",
    authorization: "https://login.mailchimp.com/oauth2/authorize",
    token: { url: "https://login.mailchimp.com/oauth2/token", conform: conformTokenAnswer },
    userinfo: { url: METADATA, request: metadata },
    refresh: false,
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile(profile: P): User {
      return {
        id: String(profile.login.login_id),
        name: profile.accountname ?? profile.login.login_name ?? null,
        email: profile.login.email ?? null,
        image: profile.login.avatar ?? null,
      }
    },
    style: { brandColor: "#ffe01b", logo: LOGO },
    options: config,
  }
}

/** `token.conform`: Mailchimp's `{ access_token, expires_in: 0, scope: null }` with `token_type: "bearer"` and no null scope. */
function conformTokenAnswer(response: Response): Promise<Response | undefined> {
  return rewriteTokenAnswer(response, ({ scope, ...tokens }) => {
    if (typeof tokens.access_token !== "string") return undefined
    return {
      body: { ...tokens, ...(typeof scope === "string" ? { scope } : {}), token_type: typeof tokens.token_type === "string" ? tokens.token_type : "bearer" },
      status: 200,
    }
  })
}

/** `userinfo.request`: the metadata, with the `OAuth` authorization scheme Mailchimp documents. */
async function metadata({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const userinfo = provider.userinfo
  const url = (typeof userinfo === "string" ? userinfo : userinfo?.url) ?? METADATA
  const response = await providerFetch(provider)(url, {
    headers: { authorization: `OAuth ${tokens.access_token ?? ""}`, accept: "application/json" },
  })
  if (!response.ok) throw new TypeError(`Mailchimp's metadata endpoint answered ${response.status}.`)
  const profile = (await response.json()) as Profile
  // Mailchimp answers an invalid token with HTTP 200 and `{ "error": "invalid_token" }`.
  if (typeof profile.error === "string") throw new TypeError(`Mailchimp's metadata endpoint answered "${profile.error}".`)
  if (!profile.login || typeof profile.login !== "object") throw new TypeError("Mailchimp's metadata has no login.")
  return profile
}
