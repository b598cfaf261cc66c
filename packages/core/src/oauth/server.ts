/**
 * The provider's authorization server, as oauth4webapi wants it: discovered from `wellKnown` / `issuer` when an
 * endpoint is missing, else assembled from the configured endpoints. Discovery results are cached per document URL
 * for an hour; failures are not cached, so the next sign-in retries (no poisoned cache, LF-04).
 */
import * as o from "oauth4webapi"
import { InvalidEndpoints } from "../errors.js"
import type { OAuthConfigInternal } from "../providers/types.js"
import { conformDiscovery } from "./conform.js"
import { endpointUrl } from "./endpoints.js"
import { isLoopback } from "./http.js"
import { requestOptions } from "./request-options.js"

const DISCOVERY_TTL_MS = 60 * 60 * 1000
const MAX_CACHED = 100
const discovered = new Map<string, { at: number; as: o.AuthorizationServer }>()

/** The authorization server metadata for `provider`, with configured endpoints taking precedence. */
export async function authorizationServer(provider: OAuthConfigInternal): Promise<o.AuthorizationServer> {
  const authorization = endpointUrl(provider.authorization)
  const token = endpointUrl(provider.token)
  const userinfo = endpointUrl(provider.userinfo)
  const jwks = typeof provider.jwks_endpoint === "string" ? provider.jwks_endpoint : undefined
  const needsDiscovery = !authorization || !token || (provider.type === "oidc" && !jwks)
  const wellKnown = provider.wellKnown ?? (provider.issuer ? discoveryUrl(provider.issuer) : undefined)

  let as: o.AuthorizationServer | undefined
  if (needsDiscovery && wellKnown) as = await discover(provider, wellKnown)
  if (!as) {
    if (!authorization || !token) {
      throw new InvalidEndpoints(`Provider "${provider.id}" needs an issuer, or both its authorization and token endpoints.`)
    }
    as = { issuer: provider.issuer ?? new URL(authorization).origin }
  }
  const server: o.AuthorizationServer = {
    ...as,
    authorization_endpoint: authorization ?? as.authorization_endpoint,
    token_endpoint: token ?? as.token_endpoint,
    userinfo_endpoint: userinfo ?? as.userinfo_endpoint,
    jwks_uri: jwks ?? as.jwks_uri,
  }
  assertSecureEndpoints(provider, server)
  return server
}

/**
 * Every endpoint is https, or http on a loopback host (docs/design.md#id-tokens-and-provider-endpoints, OA-30) —
 * checked before the user is sent to the provider, so a misconfigured token endpoint is a configuration error, not a
 * failure after consent.
 */
function assertSecureEndpoints(provider: OAuthConfigInternal, as: o.AuthorizationServer): void {
  for (const key of ["authorization_endpoint", "token_endpoint", "userinfo_endpoint", "jwks_uri"] as const) {
    const value = as[key]
    if (!value) continue
    let url: URL
    try {
      url = new URL(value)
    } catch {
      throw new InvalidEndpoints(`Provider "${provider.id}": ${key} is not a URL.`)
    }
    if (url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url))) continue
    throw new InvalidEndpoints(`Provider "${provider.id}": ${key} must use https (plain http is allowed for loopback hosts only).`)
  }
}

function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`
}

async function discover(provider: OAuthConfigInternal, wellKnown: string): Promise<o.AuthorizationServer> {
  const cached = discovered.get(wellKnown)
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.as
  // The expected issuer is the configured one (OA-13: a document naming another issuer is refused), never a value
  // taken from the document itself.
  const issuer = new URL(provider.issuer ?? wellKnown.replace(/\/\.well-known\/(openid-configuration|oauth-authorization-server)$/, ""))
  // `wellKnown` may be any URL, so it is fetched as given (oauth4webapi's discoveryRequest would derive it from the
  // issuer); the response is validated by oauth4webapi.
  const options = requestOptions(provider)
  const response = await options[o.customFetch](wellKnown, {
    method: "GET",
    headers: { accept: "application/json" },
    redirect: "manual",
    signal: options.signal(),
  } as never)
  const as = await o.processDiscoveryResponse(issuer, await conformDiscovery(provider, response))
  if (discovered.size >= MAX_CACHED) discovered.delete(discovered.keys().next().value!)
  discovered.set(wellKnown, { at: Date.now(), as })
  return as
}

/**
 * One JWKS cache per key set URL, shared across sign-ins. oauth4webapi refetches on an unknown `kid` once the cache
 * is a minute old, so key rotation still works (OA-12) without letting forged `kid`s trigger a fetch per request.
 */
const jwksCaches = new Map<string, o.JWKSCacheInput>()
export function jwksCacheFor(uri: string | undefined): o.JWKSCacheInput {
  if (!uri) return {}
  let cache = jwksCaches.get(uri)
  if (!cache) {
    if (jwksCaches.size >= MAX_CACHED) jwksCaches.delete(jwksCaches.keys().next().value!)
    cache = {}
    jwksCaches.set(uri, cache)
  }
  return cache
}

/** Forget cached discovery documents and key sets (tests, or after an issuer's keys or endpoints changed). */
export function clearDiscoveryCache(): void {
  discovered.clear()
  jwksCaches.clear()
}
