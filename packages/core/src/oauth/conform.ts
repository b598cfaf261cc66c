/**
 * `[conformInternal]`: the two places where a major provider deviates from the specs and core must adapt, opted
 * into by the provider file (as in Auth.js):
 *
 * - Apple sends the user's name only once, as a JSON `user` field of its form_post callback; it is added to the
 *   profile as `user`.
 * - Microsoft Entra ID's discovery documents name the issuer `https://login.microsoftonline.com/{tenantid}/v2.0`
 *   (a literal placeholder); it is read as the configured tenant's issuer.
 * - Microsoft Entra ID's multi-tenant endpoints (`common`, `organizations`, `consumers`) issue ID tokens whose `iss`
 *   names the user's tenant. The expected issuer becomes `https://login.microsoftonline.com/<tid>/v2.0` only when the
 *   configured issuer is one of those multi-tenant ones and `tid` is a GUID; the token's signature and every other
 *   claim are still verified by oauth4webapi against Microsoft's keys, so no unverified value is trusted beyond the
 *   documented issuer template.
 */
import type * as o from "oauth4webapi"
import { conformInternal } from "../symbols.js"
import type { OAuthConfigInternal } from "../providers/types.js"

const multiTenant = /^https:\/\/login\.microsoftonline\.com\/(common|organizations|consumers)\/v2\.0\/?$/
const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function conforms(provider: OAuthConfigInternal): boolean {
  return provider[conformInternal] === true
}

/** Apple's one-time `user` field, parsed, for the profile. */
export function appleUser(provider: OAuthConfigInternal, params: URLSearchParams): Record<string, unknown> | undefined {
  if (!conforms(provider)) return undefined
  const raw = params.get("user")
  if (!raw) return undefined
  try {
    const user = JSON.parse(raw) as unknown
    return user && typeof user === "object" ? (user as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** The discovery response with Entra ID's `{tenantid}` placeholder replaced by the configured tenant. */
export async function conformDiscovery(provider: OAuthConfigInternal, response: Response): Promise<Response> {
  if (!conforms(provider) || !response.ok) return response
  const tenant = /^https:\/\/login\.microsoftonline\.com\/([^/]+)\/v2\.0\/?$/.exec(provider.issuer ?? "")?.[1]
  if (!tenant) return response
  try {
    const document = (await response.clone().json()) as { issuer?: unknown }
    if (typeof document.issuer !== "string" || !document.issuer.includes("{tenantid}")) return response
    return Response.json({ ...document, issuer: document.issuer.replace("{tenantid}", tenant) })
  } catch {
    return response
  }
}

/** For a multi-tenant Entra ID provider: the authorization server with the tenant's issuer, read from a copy of the token response. */
export async function tenantServer(provider: OAuthConfigInternal, as: o.AuthorizationServer, response: Response): Promise<o.AuthorizationServer> {
  if (!conforms(provider) || !multiTenant.test(provider.issuer ?? "")) return as
  try {
    const body = (await response.clone().json()) as { id_token?: unknown }
    if (typeof body.id_token !== "string") return as
    const payload = JSON.parse(base64urlText(body.id_token.split(".")[1] ?? "")) as { tid?: unknown }
    if (typeof payload.tid !== "string" || !guid.test(payload.tid)) return as
    return { ...as, issuer: `https://login.microsoftonline.com/${payload.tid}/v2.0` }
  } catch {
    return as
  }
}

function base64urlText(segment: string): string {
  const binary = atob(segment.replace(/-/g, "+").replace(/_/g, "/"))
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}
