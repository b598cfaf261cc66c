/**
 * WeChat (Weixin) sign-in: an Official Account's web authorization inside WeChat, or a Website App's QR-code login on
 * the Open Platform. The profile is `GET /sns/userinfo`.
 *
 * Callback: WeChat checks the callback's domain, not its path: set the app's authorization callback domain to your
 * host; the callback URL is `https://example.com/auth/callback/wechat` (Next.js: `…/api/auth/callback/wechat`).
 * Environment variables when `WeChat` is listed bare in `providers`: `AUTH_WECHAT_ID` (the AppID),
 * `AUTH_WECHAT_SECRET` (the AppSecret).
 *
 * @example
 * import WeChat from "@gatehousejs/core/providers/wechat"
 *
 * Gatehouse({ providers: [WeChat] }) // an Official Account, used inside WeChat
 * WeChat({ platformType: "WebsiteApp" }) // QR-code login on a website
 *
 * Quirks:
 * - WeChat names the client id `appid`, in the authorization URL and in the token request; it comes from
 *   `AUTH_WECHAT_ID` too, also when the provider is called with options (`WeChat({ platformType })`).
 * - The code is exchanged with a GET to `/sns/oauth2/access_token` carrying `appid` and `secret` in the query, as
 *   WeChat documents it; the answer has no `token_type` and reports errors as `{ errcode, errmsg }` with HTTP 200.
 *   Errors name WeChat's `errcode`, never the URL (it holds the secret).
 * - The account id is `unionid`, shared by the apps of one Open Platform account, when WeChat returns it; otherwise
 *   the app's `openid`. Auth.js always takes `unionid`, which is absent for an app not bound to an Open Platform
 *   account, so every such user became the one account `"undefined"`.
 * - WeChat shares no e-mail address (`email` is `null`). Checks `state` only, as in Auth.js: WeChat has no PKCE.
 * - WeChat refreshes with a GET to `/sns/oauth2/refresh_token` carrying `appid`, `grant_type` and `refresh_token` in
 *   the query, which the `refresh_token` grant (a form POST) cannot send: `refresh: false`, so `getAccessToken`
 *   answers `null` once the 2-hour token expires.
 */
import { providerFetch } from "../oauth/http.js"
import type { Profile, TokenSet, User } from "../types.js"
import type { OAuthConfig, OAuthUserConfig, TokenEndpointContext, UserinfoEndpointContext } from "./types.js"

/** `GET /sns/userinfo` (https://developers.weixin.qq.com/doc/oplatform/Website_App/WeChat_Login/Authorized_Interface_Calling_UnionID.html). */
export interface WeChatProfile {
  openid: string
  nickname: string
  /** 1 male, 2 female, 0 unknown. */
  sex: number
  province: string
  city: string
  country: string
  headimgurl: string
  privilege: string[]
  /** Present when the app is bound to an Open Platform account. */
  unionid?: string
  [claim: string]: unknown
}

export type WeChatUserConfig = OAuthUserConfig<WeChatProfile> & {
  /** `OfficialAccount` (default): web authorization inside WeChat. `WebsiteApp`: QR-code login on a website. */
  platformType?: "OfficialAccount" | "WebsiteApp"
}

const TOKEN_URL = "https://api.weixin.qq.com/sns/oauth2/access_token"
const USERINFO_URL = "https://api.weixin.qq.com/sns/userinfo"

// The button mark: the Simple Icons "WeChat" path (CC0-1.0), in WeChat green on the white button. Inline: pages load no remote image.
const LOGO = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2024%2024'%3E%3Cpath%20fill='%2307c160'%20d='M8.691%202.188C3.891%202.188%200%205.476%200%209.53c0%202.212%201.17%204.203%203.002%205.55a.59.59%200%200%201%20.213.665l-.39%201.48c-.019.07-.048.141-.048.213%200%20.163.13.295.29.295a.326.326%200%200%200%20.167-.054l1.903-1.114a.864.864%200%200%201%20.717-.098%2010.16%2010.16%200%200%200%202.837.403c.276%200%20.543-.027.811-.05-.857-2.578.157-4.972%201.932-6.446%201.703-1.415%203.882-1.98%205.853-1.838-.576-3.583-4.196-6.348-8.596-6.348zM5.785%205.991c.642%200%201.162.529%201.162%201.18a1.17%201.17%200%200%201-1.162%201.178A1.17%201.17%200%200%201%204.623%207.17c0-.651.52-1.18%201.162-1.18zm5.813%200c.642%200%201.162.529%201.162%201.18a1.17%201.17%200%200%201-1.162%201.178%201.17%201.17%200%200%201-1.162-1.178c0-.651.52-1.18%201.162-1.18zm5.34%202.867c-1.797-.052-3.746.512-5.28%201.786-1.72%201.428-2.687%203.72-1.78%206.22.942%202.453%203.666%204.229%206.884%204.229.826%200%201.622-.12%202.361-.336a.722.722%200%200%201%20.598.082l1.584.926a.272.272%200%200%200%20.14.047c.134%200%20.24-.111.24-.247%200-.06-.023-.12-.038-.177l-.327-1.233a.582.582%200%200%201-.023-.156.49.49%200%200%201%20.201-.398C23.024%2018.48%2024%2016.82%2024%2014.98c0-3.21-2.931-5.837-6.656-6.088V8.89c-.135-.01-.27-.027-.407-.03zm-2.53%203.274c.535%200%20.969.44.969.982a.976.976%200%200%201-.969.983.976.976%200%200%201-.969-.983c0-.542.434-.982.97-.982zm4.844%200c.535%200%20.969.44.969.982a.976.976%200%200%201-.969.983.976.976%200%200%201-.969-.983c0-.542.434-.982.969-.982z'/%3E%3C/svg%3E"

/** The WeChat provider: scope `snsapi_userinfo` (Official Account) or `snsapi_login` (Website App), checks `state`. */
export default function WeChat(options: WeChatUserConfig = {}): OAuthConfig<WeChatProfile> {
  const { platformType = "OfficialAccount", ...rest } = options
  if (platformType !== "OfficialAccount" && platformType !== "WebsiteApp") {
    throw new TypeError(`WeChat: platformType must be "OfficialAccount" or "WebsiteApp", not ${JSON.stringify(platformType)}.`)
  }
  const official = platformType === "OfficialAccount"
  return {
    id: "wechat",
    name: "WeChat",
    type: "oauth",
    authorization: {
      // WeChat requires the `#wechat_redirect` fragment on both pages.
      url: official ? "https://open.weixin.qq.com/connect/oauth2/authorize#wechat_redirect" : "https://open.weixin.qq.com/connect/qrconnect#wechat_redirect",
      params: { appid: (provider: { clientId?: string }) => provider.clientId, scope: official ? "snsapi_userinfo" : "snsapi_login" },
    },
    token: { url: TOKEN_URL, request: exchangeCode },
    userinfo: { url: USERINFO_URL, request: requestUserinfo },
    refresh: false,
    checks: ["state"],
    profile(profile: WeChatProfile): User {
      return {
        id: profile.unionid || profile.openid,
        name: profile.nickname || null,
        email: null,
        image: profile.headimgurl || null,
      }
    },
    style: { brandColor: "#07c160", bg: "#ffffff", text: "#000000", logo: LOGO },
    options: rest as OAuthUserConfig<WeChatProfile>,
  }
}

/** `token.request`: the documented GET with `appid`, `secret`, `code` and `grant_type`. */
async function exchangeCode({ params, provider }: TokenEndpointContext): Promise<{ tokens: TokenSet }> {
  const url = new URL(endpoint(provider.token) ?? TOKEN_URL)
  url.searchParams.set("appid", provider.clientId ?? "")
  url.searchParams.set("secret", provider.clientSecret ?? "")
  url.searchParams.set("code", params.code ?? "")
  url.searchParams.set("grant_type", "authorization_code")
  const body = await wechatJson(provider, url, "access_token", [provider.clientSecret])
  if (typeof body.access_token !== "string") throw new Error("WeChat's access_token endpoint returned no access_token.")
  return { tokens: { ...body, token_type: "bearer" } as TokenSet }
}

/** `userinfo.request`: `GET /sns/userinfo` with the token, the `openid` of the token answer and `lang`. */
async function requestUserinfo({ tokens, provider }: UserinfoEndpointContext): Promise<Profile> {
  const accessToken = tokens.access_token
  const openid = (tokens as TokenSet & { openid?: unknown }).openid
  if (typeof accessToken !== "string" || typeof openid !== "string") throw new Error("WeChat's token answer has no access_token or openid.")
  const url = new URL(endpoint(provider.userinfo) ?? USERINFO_URL)
  url.searchParams.set("access_token", accessToken)
  url.searchParams.set("openid", openid)
  url.searchParams.set("lang", "zh_CN")
  return (await wechatJson(provider, url, "userinfo", [accessToken])) as Profile
}

function endpoint(value: unknown): string | undefined {
  return typeof value === "string" ? value : ((value as { url?: string } | undefined)?.url ?? undefined)
}

/** GETs a WeChat API URL; `{ errcode, errmsg }` (sent with HTTP 200) and other failures throw without the URL. */
async function wechatJson(provider: Parameters<typeof providerFetch>[0], url: URL, name: string, secrets: (string | undefined)[]): Promise<Record<string, unknown>> {
  const response = await providerFetch(provider)(url, { headers: { accept: "application/json" } })
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : undefined
  if (record && record.errcode !== undefined && record.errcode !== 0) {
    let message = String(record.errmsg ?? "no message")
    for (const secret of secrets) if (secret) message = message.split(secret).join("[redacted]")
    throw new Error(`WeChat's ${name} endpoint answered errcode ${String(record.errcode)}: ${message}`)
  }
  if (!response.ok || !record) throw new Error(`WeChat's ${name} endpoint answered HTTP ${response.status} without a JSON object.`)
  return record
}
