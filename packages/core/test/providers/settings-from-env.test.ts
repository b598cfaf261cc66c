/**
 * Providers that send the client id or issuer under another name (TikTok's `client_key`, WeChat's `appid`, United
 * Effects' `resource`) read it once the environment is: `TikTok({ … })` called with options and `AUTH_TIKTOK_ID` set
 * sends `client_key` (Auth.js reads it only from the options, so its authorization URL lacks it).
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { customFetch } from "@gatehousejs/core"
import TikTok from "@gatehousejs/core/providers/tiktok"
import UnitedEffects from "@gatehousejs/core/providers/united-effects"
import WeChat from "@gatehousejs/core/providers/wechat"
import { Browser, testConfig } from "../helpers/auth.js"
import { startSignIn } from "../oauth/flow.js"

afterEach(() => {
  vi.unstubAllEnvs()
})

/** A discovery document for an OIDC issuer, so that the sign-in can start without the network. */
const discovery = (issuer: string) =>
  (async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input)
    if (url.pathname.endsWith("/.well-known/openid-configuration")) {
      return Response.json({ issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` })
    }
    return new Response("not found", { status: 404 })
  }) as typeof fetch

async function authorizationQuery(provider: unknown, id: string): Promise<URLSearchParams> {
  const browser = new Browser(testConfig({ providers: [provider as never] }))
  const { authorizationUrl } = await startSignIn(browser, id)
  expect(authorizationUrl, "the sign-in redirects to the provider").toBeDefined()
  return authorizationUrl!.searchParams
}

describe("a client id or issuer under another name comes from the environment too", () => {
  it("TikTok({ options }) with AUTH_TIKTOK_ID: client_key is sent", async () => {
    vi.stubEnv("AUTH_TIKTOK_ID", "tiktok-key")
    vi.stubEnv("AUTH_TIKTOK_SECRET", "tiktok-secret")
    const query = await authorizationQuery(TikTok({ authorization: { params: { scope: "user.info.basic,user.info.profile" } } }), "tiktok")
    expect(query.get("client_key")).toBe("tiktok-key")
    expect(query.get("scope")).toBe("user.info.basic,user.info.profile")
  })

  it("WeChat({ platformType }) with AUTH_WECHAT_ID: appid is sent", async () => {
    vi.stubEnv("AUTH_WECHAT_ID", "wx-app")
    vi.stubEnv("AUTH_WECHAT_SECRET", "wx-secret")
    const query = await authorizationQuery(WeChat({ platformType: "WebsiteApp" } as never), "wechat")
    expect(query.get("appid")).toBe("wx-app")
  })

  it("UnitedEffects({ options }) with AUTH_UNITED_EFFECTS_ISSUER: resource is the issuer", async () => {
    const issuer = "https://auth.unitedeffects.com/group-1"
    vi.stubEnv("AUTH_UNITED_EFFECTS_ID", "ue-id")
    vi.stubEnv("AUTH_UNITED_EFFECTS_SECRET", "ue-secret")
    vi.stubEnv("AUTH_UNITED_EFFECTS_ISSUER", issuer)
    const query = await authorizationQuery(UnitedEffects({ [customFetch]: discovery(issuer) } as never), "united-effects")
    expect(query.get("resource")).toBe(issuer)
  })
})
