/** `GET /providers`: every configured provider as `{ [id]: { id, name, type, signinUrl, callbackUrl } }`. */
import type { Context } from "../context.js"
import { json, type ResponseInternal } from "../http/response.js"
import type { PublicProvider } from "../types.js"
import { publicProvider } from "./shared.js"

export function providers(ctx: Context): ResponseInternal {
  const list: Record<string, PublicProvider> = {}
  for (const provider of ctx.config.providers) list[provider.id] = publicProvider(ctx, provider)
  return json(list)
}
