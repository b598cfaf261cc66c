/**
 * `getAccessToken(request, providerId)`: the provider's access token of the request's session, refreshed when it is
 * about to expire (token-refresh/). `null` whenever there is none to give; never a throw for the app's page.
 */
import type { Cookie } from "../http/cookie.js"
import { serializeCookie } from "../http/cookie.js"
import { serverContext } from "../pipeline/server-request.js"
import type { AccessToken, GetAccessTokenOptions } from "../token-refresh/access-token.js"
import { errorName, type ConfigFor } from "./shared.js"

export function accessTokenFunction(configFor: ConfigFor) {
  return async function getAccessToken(
    request: Request,
    providerId: string,
    options: GetAccessTokenOptions & { headers?: Headers; cookies?: Cookie[] } = {},
  ): Promise<AccessToken | null> {
    try {
      const config = await configFor(request)
      if (config.configError) return null
      const { ctx } = serverContext(config, request, { method: "GET", action: "session" })
      const { accessTokenFor } = await import("../token-refresh/access-token.js")
      const { token, cookies } = await accessTokenFor(ctx, providerId, options)
      for (const cookie of cookies) options.headers?.append("Set-Cookie", serializeCookie(cookie))
      options.cookies?.push(...cookies)
      return token
    } catch (error) {
      console.error(`[gatehouse][error] getAccessToken failed with ${errorName(error)}; answered null.`)
      return null
    }
  }
}
