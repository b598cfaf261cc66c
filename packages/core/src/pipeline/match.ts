/**
 * Finds the route-table entry of a parsed request: by method and path, and for a `:provider` path by the provider's
 * type. No entry is `UnknownAction`, or `InvalidProvider` where the path takes a provider this one is not.
 */
import type { ResolvedConfig } from "../config/resolved-config.js"
import { InvalidProvider, UnknownAction } from "../errors.js"
import type { InternalRequest } from "../http/request.js"
import type { Route } from "./route.js"
import { routes } from "./routes.js"

const byKey = new Map<string, Route[]>()
for (const route of routes) {
  const key = `${route.method} ${route.path}`
  byKey.set(key, [...(byKey.get(key) ?? []), route])
}

/** The entry for this request, or `undefined`. */
export function matchRoute(config: ResolvedConfig, req: Pick<InternalRequest, "method" | "action" | "providerId">): Route | undefined {
  const { method, action, providerId } = req
  if (providerId === undefined) return byKey.get(`${method} /${action}`)?.[0]
  const literal = byKey.get(`${method} /${action}/${providerId}`)
  if (literal) return literal[0]
  const type = config.providersById.get(providerId)?.type
  return byKey.get(`${method} /${action}/:provider`)?.find((route) => !route.providerTypes || (type !== undefined && route.providerTypes.includes(type)))
}

/** The error for a request no entry serves. */
export function unmatched(req: Pick<InternalRequest, "method" | "action" | "providerId">): Error {
  const { method, action, providerId } = req
  if (providerId !== undefined && (byKey.has(`GET /${action}/:provider`) || byKey.has(`POST /${action}/:provider`))) {
    return new InvalidProvider(`No ${method} /${action} for the provider "${providerId.slice(0, 100)}".`)
  }
  return new UnknownAction(`Unsupported action: ${method} ${action}${providerId ? "/…" : ""}`)
}
