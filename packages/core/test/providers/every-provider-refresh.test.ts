/**
 * Issue 16: every built-in provider refreshes its access token the way its documentation says. A provider whose stand-in
 * (stand-in/specs/<id>.ts) describes a `refresh` signs in against it and then spends the issued refresh token through
 * `refreshGrant`: the request goes to the documented endpoint with the provider's client authentication and
 * parameters, and the answer becomes the new tokens. A provider set to `refresh: false` (it issues no refresh token, or
 * refreshes in a form the refresh_token grant cannot send) is refused before any request is made.
 */
import { describe, expect, it } from "vitest"
import { customFetch } from "@gatehousejs/core"
import { RefreshTokenError } from "../../src/errors.js"
import { normalizeProviders } from "../../src/providers/normalize.js"
import type { OAuthConfigInternal, ProviderConfig } from "../../src/providers/types.js"
import { refreshGrant } from "../../src/token-refresh/grant.js"
import { refreshThroughStandIn } from "./stand-in/refresh.js"
import type { StandIn } from "./stand-in/spec.js"

const modules = import.meta.glob<{ default: StandIn | StandIn[] }>("./stand-in/specs/*.ts", { eager: true })
const specs = Object.values(modules)
  .flatMap((module) => (Array.isArray(module.default) ? module.default : [module.default]))
  .filter((spec) => spec.refresh)

/**
 * The providers without a refresh grant, each for a documented reason (the provider file's doc comment says which):
 * no refresh token is ever issued, or the provider refreshes with a request the refresh_token grant cannot make.
 */
const NO_REFRESH_GRANT = [
  "azure-devops", // the refresh token travels as a JWT-bearer `assertion`, the secret as `client_assertion`
  "battlenet", // an access token and its expiry only
  "click-up", // tokens do not expire; no refresh token
  "dribbble", // an access token only, without expiry
  "eventbrite", // tokens do not expire; no refresh token
  "facebook", // long-lived tokens come from a token exchange, not a refresh token
  "foursquare", // an access token only; tokens do not expire
  "instagram", // long-lived tokens are refreshed with `ig_refresh_token` and the access token itself
  "mailchimp", // tokens do not expire; no refresh token
  "mastodon", // authorization code, password and client credentials grants only
  "threads", // long-lived tokens are refreshed with `th_refresh_token` and the access token itself
  "vipps", // 10-minute access tokens without a refresh token
  "vk", // the legacy oauth.vk.com answer has no refresh token
  "wechat", // refreshes with a GET to /sns/oauth2/refresh_token
  "wordpress", // tokens do not expire; no refresh token
]

const providerModules = import.meta.glob<{ default?: unknown }>("../../src/providers/*.ts", { eager: true })

/** Every built-in OAuth/OIDC provider, normalised as an app would configure it. */
function builtInProviders(): OAuthConfigInternal[] {
  const out: OAuthConfigInternal[] = []
  for (const module of Object.values(providerModules)) {
    if (typeof module.default !== "function") continue
    const config = (module.default as (options: Record<string, unknown>) => ProviderConfig)({
      clientId: "client-id",
      clientSecret: "client-secret",
      issuer: "https://issuer.example.com",
    })
    if (config.type !== "oauth" && config.type !== "oidc") continue
    const { providers, errors } = normalizeProviders([config], {}, undefined)
    expect(errors).toEqual([])
    out.push(providers[0] as OAuthConfigInternal)
  }
  return out
}

describe("every provider's refresh against its stand-in", () => {
  it("has stand-ins with a refresh", () => {
    expect(specs.length).toBeGreaterThan(0)
  })

  it.each(specs.map((spec) => [spec.name, spec] as const))(
    "%s: refresh_token grant at the documented endpoint with the provider's client authentication → new tokens",
    async (_name, spec) => {
      await refreshThroughStandIn(spec)
    },
  )
})

describe("providers without a refresh grant", () => {
  const providers = builtInProviders()
  const refusing = providers.filter((provider) => provider.refresh === false)

  it("are exactly the documented ones", () => {
    expect(providers.length).toBeGreaterThanOrEqual(90)
    expect(refusing.map((provider) => provider.id).sort()).toEqual(NO_REFRESH_GRANT)
  })

  it("no stand-in describes a refresh for one of them", () => {
    const described = specs.map((spec) => (spec.provider({}) as { id: string }).id)
    expect(described.filter((id) => NO_REFRESH_GRANT.includes(id))).toEqual([])
  })

  it.each(refusing.map((provider) => [provider.id, provider] as const))("%s: refresh: false refuses without a request", async (_id, provider) => {
    const requests: string[] = []
    const recording = (input: string | URL | Request): Promise<Response> => {
      requests.push(String(input instanceof Request ? input.url : input))
      return Promise.reject(new TypeError("no request may be made"))
    }
    const refused = refreshGrant({ ...provider, [customFetch]: recording as typeof fetch }, { refresh_token: "rt_stored", providerAccountId: "1" })
    await expect(refused).rejects.toBeInstanceOf(RefreshTokenError)
    await expect(refused).rejects.toMatchObject({ permanent: true, message: expect.stringContaining("refresh: false") })
    expect(requests).toEqual([])
  })
})
