/**
 * The authorization URL every catalog provider (VK included) actually sends, through `Auth()`: `POST /signin/<id>`
 * with a CSRF token, then the 302's `Location` against the provider's real authorization endpoint (research notes,
 * providers §2a, plus the deviations the provider files document) and the check cookies against the URL.
 *
 * OIDC providers get a `[customFetch]` that answers their discovery URL with a realistic document for that issuer —
 * issuer string exactly as configured (Authentik keeps its trailing `/`; Entra's multi-tenant `common` answers with
 * the literal `{tenantid}` placeholder, which the engine rewrites) — and fails on any other URL. OAuth 2 providers get
 * the same fetch with no document: starting a sign-in must make no request at all.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { customFetch, type AuthConfig } from "@gatehousejs/core"
import VK from "@gatehousejs/core/providers/vk"
import { clearDiscoveryCache } from "../../src/oauth/server.js"
import type { OAuthProviderId } from "../../src/providers/provider-ids.js"
import { sessionCodec } from "../../src/session/codec.js"
import { Browser, ORIGIN, SECRET, testConfig } from "../helpers/auth.js"
import { CHECK_COOKIES, NONCE_COOKIE, PKCE_COOKIE, startSignIn, STATE_COOKIE } from "../oauth/flow.js"
import { CALLBACK_COOKIE, setCookie } from "../security/helpers.js"
import { providerFixtures, type ProviderFixture } from "./fixtures.js"
import { s256 } from "./loopback.js"

type Check = "state" | "pkce" | "nonce"

interface Expected {
  /** The provider's real authorization endpoint, without query. */
  endpoint: string
  /**
   * The exact `scope` parameter; `undefined` = no `scope` parameter at all (OAuth 2,
   * docs/design.md#account-linking-and-provider-hooks).
   */
  scope?: string
  checks: Check[]
  /** Provider-specific parameters, exactly. */
  extra?: Record<string, string>
  /** OIDC: where discovery is fetched, and the document served there. */
  discovery?: { url: string; document: Record<string, unknown> }
}

const OIDC_DEFAULT_SCOPE = "openid profile email"

/** A discovery document with the fields real OPs publish; `endpoints` are the OP's own. */
function document(
  issuer: string,
  endpoints: { authorization: string; token: string; userinfo?: string; jwks: string },
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: endpoints.authorization,
    token_endpoint: endpoints.token,
    ...(endpoints.userinfo ? { userinfo_endpoint: endpoints.userinfo } : {}),
    jwks_uri: endpoints.jwks,
    response_types_supported: ["code", "id_token", "code id_token"],
    response_modes_supported: ["query", "fragment", "form_post"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["openid", "profile", "email"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256", "plain"],
    claims_supported: ["sub", "iss", "aud", "exp", "iat", "name", "email", "email_verified", "picture"],
    ...extra,
  }
}

/** `{issuer}/.well-known/openid-configuration`, for an issuer with or without a trailing slash. */
const wellKnown = (issuer: string): string => `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`

function oidc(
  issuer: string,
  endpoints: { authorization: string; token: string; userinfo?: string; jwks: string },
  expected: Omit<Expected, "endpoint" | "discovery">,
  extraDocument: Record<string, unknown> = {},
  documentIssuer = issuer,
): Expected {
  return {
    endpoint: endpoints.authorization,
    ...expected,
    discovery: { url: wellKnown(issuer), document: document(documentIssuer, endpoints, extraDocument) },
  }
}

const ENTRA = "https://login.microsoftonline.com"
const AUTH0 = "https://gatehouse-test.eu.auth0.com/"
const OKTA = "https://gatehouse-test.okta.com/oauth2/default"
const KEYCLOAK = "https://keycloak.example.com/realms/gatehouse"
const COGNITO = "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123"
const COGNITO_DOMAIN = "https://gatehouse-test.auth.eu-west-1.amazoncognito.com"
const ZITADEL = "https://gatehouse-test.zitadel.cloud"
const AUTHENTIK = "https://authentik.example.com/application/o/gatehouse/"

// The first catalog's 33 providers, in detail; every provider's authorization URL is also checked by its stand-in
// (every-provider.test.ts).
const expected: Partial<Record<OAuthProviderId, Expected>> = {
  github: { endpoint: "https://github.com/login/oauth/authorize", scope: "read:user user:email", checks: ["pkce"] },
  google: oidc(
    "https://accounts.google.com",
    {
      authorization: "https://accounts.google.com/o/oauth2/v2/auth",
      token: "https://oauth2.googleapis.com/token",
      userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
      jwks: "https://www.googleapis.com/oauth2/v3/certs",
    },
    { scope: OIDC_DEFAULT_SCOPE, checks: ["pkce"] },
  ),
  apple: oidc(
    "https://appleid.apple.com",
    { authorization: "https://appleid.apple.com/auth/authorize", token: "https://appleid.apple.com/auth/token", jwks: "https://appleid.apple.com/auth/keys" },
    { scope: "name email", checks: ["state", "nonce"], extra: { response_mode: "form_post" } },
    { scopes_supported: ["openid", "email", "name"], id_token_signing_alg_values_supported: ["RS256"] },
  ),
  "microsoft-entra-id": oidc(
    `${ENTRA}/common/v2.0`,
    {
      authorization: `${ENTRA}/common/oauth2/v2.0/authorize`,
      token: `${ENTRA}/common/oauth2/v2.0/token`,
      userinfo: "https://graph.microsoft.com/oidc/userinfo",
      jwks: `${ENTRA}/common/discovery/v2.0/keys`,
    },
    { scope: "openid profile email User.Read", checks: ["pkce"] },
    { tenant_region_scope: null, cloud_instance_name: "microsoftonline.com" },
    // The multi-tenant document names the issuer with a literal placeholder.
    `${ENTRA}/{tenantid}/v2.0`,
  ),
  discord: { endpoint: "https://discord.com/api/oauth2/authorize", scope: "identify email", checks: ["pkce"] },
  gitlab: { endpoint: "https://gitlab.com/oauth/authorize", scope: "read_user", checks: ["pkce"] },
  facebook: { endpoint: "https://www.facebook.com/v19.0/dialog/oauth", scope: "email", checks: ["pkce"] },
  twitter: { endpoint: "https://x.com/i/oauth2/authorize", scope: "users.read tweet.read offline.access", checks: ["pkce", "state"] },
  linkedin: oidc(
    "https://www.linkedin.com/oauth",
    {
      authorization: "https://www.linkedin.com/oauth/v2/authorization",
      token: "https://www.linkedin.com/oauth/v2/accessToken",
      userinfo: "https://api.linkedin.com/v2/userinfo",
      jwks: "https://www.linkedin.com/oauth/openid/jwks",
    },
    { scope: OIDC_DEFAULT_SCOPE, checks: ["state"] },
  ),
  slack: oidc(
    "https://slack.com",
    {
      authorization: "https://slack.com/openid/connect/authorize",
      token: "https://slack.com/api/openid.connect.token",
      userinfo: "https://slack.com/api/openid.connect.userInfo",
      jwks: "https://slack.com/openid/connect/keys",
    },
    { scope: OIDC_DEFAULT_SCOPE, checks: ["nonce"] },
  ),
  twitch: oidc(
    "https://id.twitch.tv/oauth2",
    {
      authorization: "https://id.twitch.tv/oauth2/authorize",
      token: "https://id.twitch.tv/oauth2/token",
      userinfo: "https://id.twitch.tv/oauth2/userinfo",
      jwks: "https://id.twitch.tv/oauth2/keys",
    },
    {
      scope: "openid user:read:email",
      checks: ["pkce"],
      extra: { claims: JSON.stringify({ id_token: { email: null, picture: null, preferred_username: null } }) },
    },
    { claims_parameter_supported: true },
  ),
  spotify: { endpoint: "https://accounts.spotify.com/authorize", scope: "user-read-email", checks: ["pkce"] },
  auth0: oidc(
    AUTH0,
    { authorization: `${AUTH0}authorize`, token: `${AUTH0}oauth/token`, userinfo: `${AUTH0}userinfo`, jwks: `${AUTH0}.well-known/jwks.json` },
    { scope: OIDC_DEFAULT_SCOPE, checks: ["pkce"] },
  ),
  okta: oidc(
    OKTA,
    { authorization: `${OKTA}/v1/authorize`, token: `${OKTA}/v1/token`, userinfo: `${OKTA}/v1/userinfo`, jwks: `${OKTA}/v1/keys` },
    { scope: OIDC_DEFAULT_SCOPE, checks: ["pkce", "state"] },
  ),
  keycloak: oidc(
    KEYCLOAK,
    {
      authorization: `${KEYCLOAK}/protocol/openid-connect/auth`,
      token: `${KEYCLOAK}/protocol/openid-connect/token`,
      userinfo: `${KEYCLOAK}/protocol/openid-connect/userinfo`,
      jwks: `${KEYCLOAK}/protocol/openid-connect/certs`,
    },
    { scope: OIDC_DEFAULT_SCOPE, checks: ["pkce"] },
  ),
  cognito: oidc(
    COGNITO,
    // The issuer host is not the managed-login domain: discovery points the endpoints at the domain.
    {
      authorization: `${COGNITO_DOMAIN}/oauth2/authorize`,
      token: `${COGNITO_DOMAIN}/oauth2/token`,
      userinfo: `${COGNITO_DOMAIN}/oauth2/userInfo`,
      jwks: `${COGNITO}/.well-known/jwks.json`,
    },
    { scope: OIDC_DEFAULT_SCOPE, checks: ["pkce"] },
  ),
  zitadel: oidc(
    ZITADEL,
    { authorization: `${ZITADEL}/oauth/v2/authorize`, token: `${ZITADEL}/oauth/v2/token`, userinfo: `${ZITADEL}/oidc/v1/userinfo`, jwks: `${ZITADEL}/oauth/v2/keys` },
    { scope: OIDC_DEFAULT_SCOPE, checks: ["pkce"] },
  ),
  authentik: oidc(
    AUTHENTIK,
    // authentik's endpoints are shared by all applications; only the issuer and the key set carry the slug.
    {
      authorization: "https://authentik.example.com/application/o/authorize/",
      token: "https://authentik.example.com/application/o/token/",
      userinfo: "https://authentik.example.com/application/o/userinfo/",
      jwks: `${AUTHENTIK}jwks/`,
    },
    { scope: OIDC_DEFAULT_SCOPE, checks: ["pkce"] },
  ),
  atlassian: { endpoint: "https://auth.atlassian.com/authorize", scope: "read:me", checks: ["state"], extra: { audience: "api.atlassian.com" } },
  bitbucket: { endpoint: "https://bitbucket.org/site/oauth2/authorize", scope: "account", checks: ["pkce"] },
  dropbox: { endpoint: "https://www.dropbox.com/oauth2/authorize", scope: "account_info.read", checks: ["pkce"], extra: { token_access_type: "offline" } },
  // Notion has no scopes: no scope parameter at all.
  notion: { endpoint: "https://api.notion.com/v1/oauth/authorize", checks: ["pkce"], extra: { owner: "user" } },
  reddit: { endpoint: "https://www.reddit.com/api/v1/authorize", scope: "identity", checks: ["state"] },
  strava: { endpoint: "https://www.strava.com/api/v3/oauth/authorize", scope: "read", checks: ["pkce"], extra: { approval_prompt: "auto" } },
  yandex: { endpoint: "https://oauth.yandex.ru/authorize", scope: "login:info login:email login:avatar", checks: ["pkce"] },
  mailru: { endpoint: "https://oauth.mail.ru/login", scope: "userinfo", checks: ["pkce"] },
  // Scopes come from the Zoom app: Auth.js sends an empty `?scope`; no scope parameter here
  // (docs/design.md#account-linking-and-provider-hooks).
  zoom: { endpoint: "https://zoom.us/oauth/authorize", checks: ["pkce"] },
  salesforce: oidc(
    "https://login.salesforce.com",
    {
      authorization: "https://login.salesforce.com/services/oauth2/authorize",
      token: "https://login.salesforce.com/services/oauth2/token",
      userinfo: "https://login.salesforce.com/services/oauth2/userinfo",
      jwks: "https://login.salesforce.com/id/keys",
    },
    { scope: OIDC_DEFAULT_SCOPE, checks: ["pkce", "state", "nonce"] },
  ),
  patreon: { endpoint: "https://www.patreon.com/oauth2/authorize", scope: "identity identity[email]", checks: ["pkce"] },
  // Consent items come from the Kakao console: no scope parameter.
  kakao: { endpoint: "https://kauth.kakao.com/oauth/authorize", checks: ["pkce"] },
  // Permissions come from the Naver console: no scope. Naver requires `state` (naver.ts; Auth.js sends PKCE only).
  naver: { endpoint: "https://nid.naver.com/oauth2.0/authorize", checks: ["pkce", "state"] },
  line: oidc(
    "https://access.line.me",
    {
      authorization: "https://access.line.me/oauth2/v2.1/authorize",
      token: "https://api.line.me/oauth2/v2.1/token",
      userinfo: "https://api.line.me/oauth2/v2.1/userinfo",
      jwks: "https://api.line.me/oauth2/v2.1/certs",
    },
    { scope: OIDC_DEFAULT_SCOPE, checks: ["state"] },
    { id_token_signing_alg_values_supported: ["ES256"] },
  ),
  // providers §1: the legacy VK flow; `v` is part of the endpoint, no PKCE (oauth.vk.com refuses it).
  vk: { endpoint: "https://oauth.vk.com/authorize", scope: "email", checks: ["state"], extra: { v: "5.126" } },
}

const vkFixture: ProviderFixture = {
  id: "vk",
  name: "VK",
  type: "oauth",
  create: VK as unknown as ProviderFixture["create"],
  options: { clientId: "client-id-vk", clientSecret: "client-secret-vk" },
}
const catalog: readonly ProviderFixture[] = [...providerFixtures, vkFixture]

interface Fetched {
  fetch: typeof fetch
  /** Every URL requested, in order. */
  urls: string[]
  /** Requests other than the expected discovery. */
  unexpected: string[]
}

/** Answers the discovery URL (when there is one) with its document; anything else is recorded and fails. */
function discoveryFetch(want: Expected): Fetched {
  const urls: string[] = []
  const unexpected: string[] = []
  const handler = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    urls.push(request.url)
    if (want.discovery && request.method === "GET" && request.url === want.discovery.url) {
      return Response.json(want.discovery.document, { headers: { "cache-control": "public, max-age=3600" } })
    }
    unexpected.push(`${request.method} ${request.url}`)
    throw new TypeError(`unexpected request to ${request.url}`)
  }
  return { fetch: handler as typeof fetch, urls, unexpected }
}

interface Started {
  response: Response
  url: URL
  fetched: Fetched
  globalFetches: string[]
}

const globalFetches: string[] = []
beforeEach(() => {
  clearDiscoveryCache()
  globalFetches.length = 0
  // Nothing may reach the global fetch either: every provider request goes through [customFetch].
  vi.stubGlobal("fetch", (input: string | URL | Request) => {
    globalFetches.push(String(input instanceof Request ? input.url : input))
    return Promise.reject(new TypeError("the global fetch is off limits in this test"))
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

async function signIn(fixture: ProviderFixture, options: Record<string, unknown> = {}): Promise<Started> {
  const want = expected[fixture.id]!
  const fetched = discoveryFetch(want)
  const provider = fixture.create({ ...fixture.options, clientId: "client-id", clientSecret: "client-secret", ...options, [customFetch]: fetched.fetch } as never)
  const config: AuthConfig = testConfig({ providers: [provider] as AuthConfig["providers"] })
  const browser = new Browser(config)
  const { response } = await startSignIn(browser, fixture.id)
  const target = response.headers.get("location")
  if (response.status !== 302 || !target || target.startsWith(ORIGIN)) {
    throw new Error(`sign-in with ${fixture.id} did not redirect to the provider: ${response.status} ${target}; requests: ${fetched.urls.join(", ")}`)
  }
  return { response, url: new URL(target), fetched, globalFetches: [...globalFetches] }
}

it("covers every catalog provider, VK included", () => {
  expect(catalog.map((f) => f.id).sort()).toEqual(Object.keys(expected).sort())
  expect(catalog).toHaveLength(33)
})

describe.each(catalog.map((fixture) => [fixture.id, fixture] as const))("%s", (id, fixture) => {
  const want = expected[id]!
  const has = (check: Check): boolean => want.checks.includes(check)

  it("redirects to the provider's real authorization endpoint", async () => {
    const { url } = await signIn(fixture)
    expect(`${url.origin}${url.pathname}`).toBe(want.endpoint)
    expect(url.hash).toBe("")
  })

  it("sends exactly: response_type, client_id, redirect_uri, the default scope, the provider's parameters and its checks", async () => {
    const { url } = await signIn(fixture)
    const keys = [...url.searchParams.keys()]
    expect(keys, "no parameter is sent twice").toEqual([...new Set(keys)])
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "client-id",
      redirect_uri: `https://app.example/auth/callback/${id}`,
      ...(want.scope === undefined ? {} : { scope: want.scope }),
      ...want.extra,
      ...(has("state") ? { state: expect.any(String) } : {}),
      ...(has("pkce") ? { code_challenge: expect.stringMatching(/^[\w-]{43}$/), code_challenge_method: "S256" } : {}),
      ...(has("nonce") && fixture.type === "oidc" ? { nonce: expect.any(String) } : {}),
    })
  })

  it("sets exactly the check cookies of its checks, each sealed for this provider and bound to the URL", async () => {
    const { response, url } = await signIn(fixture)
    const sealed = async (name: string): Promise<Record<string, unknown> | null> => {
      const cookie = setCookie(response, name)
      return cookie ? sessionCodec([SECRET], name).decode(cookie.value) : null
    }
    const present = CHECK_COOKIES.filter((name) => setCookie(response, name) && !setCookie(response, name)!.expired)
    const wanted = [
      ...(has("state") ? [STATE_COOKIE] : []),
      ...(has("pkce") ? [PKCE_COOKIE] : []),
      ...(has("nonce") && fixture.type === "oidc" ? [NONCE_COOKIE] : []),
    ]
    expect([...present].sort()).toEqual([...wanted].sort())
    if (has("state")) expect(await sealed(STATE_COOKIE)).toMatchObject({ value: url.searchParams.get("state"), provider: id })
    if (has("pkce")) {
      const pkce = await sealed(PKCE_COOKIE)
      expect(pkce).toMatchObject({ provider: id })
      expect(s256(String(pkce!.value))).toBe(url.searchParams.get("code_challenge"))
    }
    if (has("nonce")) expect(await sealed(NONCE_COOKIE)).toMatchObject({ value: url.searchParams.get("nonce"), provider: id })
    // A form_post callback is a cross-site POST: its check cookies and the callback URL cookie must be SameSite=None.
    const sameSite = want.extra?.response_mode === "form_post" ? "None" : "Lax"
    for (const name of [...wanted, CALLBACK_COOKIE]) {
      const cookie = setCookie(response, name)
      expect(cookie, `${name} is set`).toBeDefined()
      expect(String(cookie!.attributes.samesite).toLowerCase(), `${name} SameSite`).toBe(sameSite.toLowerCase())
      expect(cookie!.attributes.secure, `${name} Secure`).toBe(true)
      expect(cookie!.attributes.httponly, `${name} HttpOnly`).toBe(true)
    }
  })

  it(fixture.type === "oidc" ? "makes no request but the discovery of its issuer" : "makes no request at all", async () => {
    const { fetched, globalFetches: leaked } = await signIn(fixture)
    expect(fetched.unexpected).toEqual([])
    expect(leaked).toEqual([])
    expect(fetched.urls).toEqual(want.discovery ? [want.discovery.url] : [])
  })
})

describe("user-supplied issuers, with or without the trailing slash", () => {
  const byId = (id: OAuthProviderId): ProviderFixture => catalog.find((f) => f.id === id)!

  it.each([
    // authentik's issuer ends with "/" and is compared exactly: the provider adds a missing slash (next-auth #12512).
    ["authentik", AUTHENTIK.slice(0, -1)],
    // Keycloak, Okta and Cognito issuers have none: the provider drops a trailing slash.
    ["keycloak", `${KEYCLOAK}/`],
    ["okta", `${OKTA}/`],
    ["cognito", `${COGNITO}/`],
    // Auth0's issuer is an origin: with or without "/" it names the same URL.
    ["auth0", AUTH0.slice(0, -1)],
  ] as const)("%s configured as %s still discovers and matches its issuer", async (id, issuer) => {
    const fixture = byId(id)
    const { url, fetched } = await signIn(fixture, { issuer })
    expect(fetched.unexpected).toEqual([])
    expect(fetched.urls).toEqual([expected[id]!.discovery!.url])
    expect(`${url.origin}${url.pathname}`).toBe(expected[id]!.endpoint)
  })
})
