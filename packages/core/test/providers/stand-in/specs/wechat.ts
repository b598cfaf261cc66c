/**
 * WeChat: https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/Wechat_webpage_authorization.html (an Official
 * Account: `https://open.weixin.qq.com/connect/oauth2/authorize?appid=…&redirect_uri=…&response_type=code&scope=snsapi_userinfo&state=…#wechat_redirect`),
 * https://developers.weixin.qq.com/doc/oplatform/Website_App/WeChat_Login/Wechat_Login.html (a Website App:
 * `…/connect/qrconnect` with `scope=snsapi_login`) and
 * https://developers.weixin.qq.com/doc/oplatform/Website_App/WeChat_Login/Authorized_Interface_Calling_UnionID.html
 * (`GET https://api.weixin.qq.com/sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code`, answering
 * `{ access_token, expires_in, refresh_token, openid, scope, unionid }` with no `token_type`; `GET /sns/userinfo` with
 * `access_token` and `openid` in the query: `openid`, `nickname`, `sex`, `province`, `city`, `country`, `headimgurl`,
 * `privilege`, `unionid`).
 */
import WeChat from "@gatehousejs/core/providers/wechat"
import { expect } from "vitest"
import type { StandIn } from "../spec.js"

const avatar = "https://thirdwx.qlogo.cn/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vxLSUfpb6n5WKSYVY0ChQKkiaJSgQ1dZuTOgvLLrhJbERQQ4eMsv84eavHiaiceqxibJxCfHe/46"

const token: StandIn["token"] = {
  url: "https://api.weixin.qq.com/sns/oauth2/access_token",
  method: "GET",
  grant: { paramsIn: "query", redirectUri: false },
  auth: (request) => {
    expect(request.query.appid, "appid").toBe("stand-in-client-id")
    expect(request.query.secret, "secret").toBe("stand-in-client-secret")
  },
  response: { token_type: undefined, expires_in: 7200, refresh_token: "wechat-refresh", openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M", scope: "snsapi_userinfo" },
}

const user = (unionid?: string) => ({
  "GET https://api.weixin.qq.com/sns/userinfo": {
    token: { query: "access_token" } as const,
    body: (request: { query: Record<string, string> }) => {
      expect(request.query.openid, "openid").toBe("o6_bmjrPTlm6_2sgVt7hMZOPfL2M")
      expect(request.query.lang).toBe("zh_CN")
      return {
        openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
        nickname: "张三",
        sex: 1,
        province: "广东",
        city: "广州",
        country: "中国",
        headimgurl: avatar,
        privilege: [],
        ...(unionid ? { unionid } : {}),
      }
    },
  },
})

export default [
  {
    name: "wechat (Official Account, bound to an Open Platform account)",
    provider: WeChat,
    authorization: { url: "https://open.weixin.qq.com/connect/oauth2/authorize", clientIdParam: "appid", params: { scope: "snsapi_userinfo", response_type: "code", code_challenge: undefined } },
    token: { ...token, response: { ...token.response, unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL" } },
    api: user("o6_bmasdasdsad6_2sgVt7hMZOPfL"),
    expect: { providerAccountId: "o6_bmasdasdsad6_2sgVt7hMZOPfL", user: { name: "张三", email: null, image: avatar } },
  },
  {
    name: "wechat (Website App, no unionid)",
    provider: WeChat,
    options: { platformType: "WebsiteApp" },
    authorization: { url: "https://open.weixin.qq.com/connect/qrconnect", clientIdParam: "appid", params: { scope: "snsapi_login", response_type: "code" } },
    token,
    api: user(),
    expect: { providerAccountId: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M", user: { name: "张三", email: null } },
  },
] satisfies StandIn[]
