/**
 * The built-in provider catalog against its reference table (research notes, providers §2a, plus the deviations the
 * provider files document): for every provider the id, name and type; the endpoints or issuer; the default scope; the
 * checks; the token endpoint authentication; the button style. Engine behaviour (the authorization URL actually
 * sent) is tested with `Auth()` elsewhere.
 */
import { describe, expect, it } from "vitest"
import GitHub from "@gatehousejs/core/providers/github"
import GitLab from "@gatehousejs/core/providers/gitlab"
import MicrosoftEntraID from "@gatehousejs/core/providers/microsoft-entra-id"
import Authentik from "@gatehousejs/core/providers/authentik"
import Keycloak from "@gatehousejs/core/providers/keycloak"
import Okta from "@gatehousejs/core/providers/okta"
import Cognito from "@gatehousejs/core/providers/cognito"
import { safeImageSrc } from "../../src/pages/css-values.js"
import { customFetch } from "../../src/symbols.js"
import type { OAuthConfig, OIDCConfig } from "../../src/providers/types.js"
import { providerFixtures, type ProviderFixture } from "./fixtures.js"

type AnyConfig = OAuthConfig<never> | OIDCConfig<never>

interface Expected {
  /** The `scope` authorization parameter; `undefined` = none sent by the provider (OIDC then gets the engine's). */
  scope?: string
  /** `undefined` = the engine's default, `["pkce"]`. */
  checks?: string[]
  /** `undefined` = the default, `client_secret_basic`. */
  auth?: "client_secret_post"
  /** OAuth 2 providers: the three endpoints, without query. */
  endpoints?: [authorization: string, token: string, userinfo: string]
  /** Fixed OIDC issuers (user-supplied ones come from the fixture). */
  issuer?: string
  extraParams?: Record<string, string>
}

const expected: Record<string, Expected> = {
  github: {
    scope: "read:user user:email",
    endpoints: ["https://github.com/login/oauth/authorize", "https://github.com/login/oauth/access_token", "https://api.github.com/user"],
    issuer: "https://github.com/login/oauth",
  },
  google: { issuer: "https://accounts.google.com" },
  apple: {
    issuer: "https://appleid.apple.com",
    scope: "name email",
    checks: ["nonce", "state"],
    auth: "client_secret_post",
    extraParams: { response_mode: "form_post" },
  },
  "microsoft-entra-id": { issuer: "https://login.microsoftonline.com/common/v2.0", scope: "openid profile email User.Read" },
  discord: {
    scope: "identify email",
    endpoints: ["https://discord.com/api/oauth2/authorize", "https://discord.com/api/oauth2/token", "https://discord.com/api/users/@me"],
  },
  gitlab: {
    scope: "read_user",
    endpoints: ["https://gitlab.com/oauth/authorize", "https://gitlab.com/oauth/token", "https://gitlab.com/api/v4/user"],
  },
  facebook: {
    scope: "email",
    endpoints: ["https://www.facebook.com/v19.0/dialog/oauth", "https://graph.facebook.com/oauth/access_token", "https://graph.facebook.com/me"],
  },
  twitter: {
    scope: "users.read tweet.read offline.access",
    checks: ["pkce", "state"],
    endpoints: ["https://x.com/i/oauth2/authorize", "https://api.x.com/2/oauth2/token", "https://api.x.com/2/users/me"],
  },
  linkedin: { issuer: "https://www.linkedin.com/oauth", checks: ["state"], auth: "client_secret_post" },
  slack: { issuer: "https://slack.com", checks: ["nonce"] },
  twitch: { issuer: "https://id.twitch.tv/oauth2", scope: "openid user:read:email", auth: "client_secret_post" },
  spotify: {
    scope: "user-read-email",
    endpoints: ["https://accounts.spotify.com/authorize", "https://accounts.spotify.com/api/token", "https://api.spotify.com/v1/me"],
  },
  auth0: {},
  okta: { checks: ["pkce", "state"] },
  keycloak: {},
  cognito: {},
  zitadel: {},
  authentik: {},
  atlassian: {
    scope: "read:me",
    checks: ["state"],
    extraParams: { audience: "api.atlassian.com" },
    endpoints: ["https://auth.atlassian.com/authorize", "https://auth.atlassian.com/oauth/token", "https://api.atlassian.com/me"],
  },
  bitbucket: {
    scope: "account",
    endpoints: ["https://bitbucket.org/site/oauth2/authorize", "https://bitbucket.org/site/oauth2/access_token", "https://api.bitbucket.org/2.0/user"],
  },
  dropbox: {
    scope: "account_info.read",
    extraParams: { token_access_type: "offline" },
    endpoints: ["https://www.dropbox.com/oauth2/authorize", "https://api.dropboxapi.com/oauth2/token", "https://api.dropboxapi.com/2/users/get_current_account"],
  },
  notion: {
    extraParams: { owner: "user" },
    endpoints: ["https://api.notion.com/v1/oauth/authorize", "https://api.notion.com/v1/oauth/token", "https://api.notion.com/v1/users/me"],
  },
  reddit: {
    scope: "identity",
    checks: ["state"],
    endpoints: ["https://www.reddit.com/api/v1/authorize", "https://www.reddit.com/api/v1/access_token", "https://oauth.reddit.com/api/v1/me"],
  },
  strava: {
    scope: "read",
    auth: "client_secret_post",
    extraParams: { approval_prompt: "auto" },
    endpoints: ["https://www.strava.com/api/v3/oauth/authorize", "https://www.strava.com/api/v3/oauth/token", "https://www.strava.com/api/v3/athlete"],
  },
  yandex: {
    scope: "login:info login:email login:avatar",
    endpoints: ["https://oauth.yandex.ru/authorize", "https://oauth.yandex.ru/token", "https://login.yandex.ru/info"],
  },
  mailru: {
    scope: "userinfo",
    endpoints: ["https://oauth.mail.ru/login", "https://oauth.mail.ru/token", "https://oauth.mail.ru/userinfo"],
  },
  zoom: { endpoints: ["https://zoom.us/oauth/authorize", "https://zoom.us/oauth/token", "https://api.zoom.us/v2/users/me"] },
  salesforce: { issuer: "https://login.salesforce.com", checks: ["pkce", "state", "nonce"] },
  patreon: {
    scope: "identity identity[email]",
    endpoints: ["https://www.patreon.com/oauth2/authorize", "https://www.patreon.com/api/oauth2/token", "https://www.patreon.com/api/oauth2/v2/identity"],
  },
  kakao: {
    auth: "client_secret_post",
    endpoints: ["https://kauth.kakao.com/oauth/authorize", "https://kauth.kakao.com/oauth/token", "https://kapi.kakao.com/v2/user/me"],
  },
  naver: {
    checks: ["pkce", "state"],
    endpoints: ["https://nid.naver.com/oauth2.0/authorize", "https://nid.naver.com/oauth2.0/token", "https://openapi.naver.com/v1/nid/me"],
  },
  line: { issuer: "https://access.line.me", checks: ["state"] },
}

/** The endpoint's URL without query, as the engine reads it. */
function endpointUrl(endpoint: unknown): string | undefined {
  const raw = typeof endpoint === "string" ? endpoint : (endpoint as { url?: string } | undefined)?.url
  if (!raw) return undefined
  const url = new URL(raw)
  url.search = ""
  return url.href
}

/** The endpoint's parameters: its URL's query, then `params` (objects JSON-encoded), as the engine reads them. */
function endpointParams(endpoint: unknown): Record<string, string> {
  const params: Record<string, string> = {}
  const raw = typeof endpoint === "string" ? endpoint : (endpoint as { url?: string } | undefined)?.url
  if (raw) for (const [key, value] of new URL(raw).searchParams) params[key] = value
  const extra = typeof endpoint === "object" && endpoint ? (endpoint as { params?: Record<string, unknown> }).params : undefined
  for (const [key, value] of Object.entries(extra ?? {})) {
    if (value !== undefined && value !== null) params[key] = typeof value === "string" ? value : JSON.stringify(value)
  }
  return params
}

/** Every string in the config (functions skipped), with its path. */
function strings(value: unknown, path = "config"): [string, string][] {
  if (typeof value === "string") return [[path, value]]
  if (!value || typeof value !== "object") return []
  return Object.entries(value).flatMap(([key, inner]) => strings(inner, `${path}.${key}`))
}

const build = (fixture: ProviderFixture): AnyConfig => fixture.create(fixture.options)

it("the table covers exactly the catalog's providers", () => {
  expect(Object.keys(expected).sort()).toEqual(providerFixtures.map((f) => f.id).sort())
})

describe.each(providerFixtures.map((fixture) => [fixture.id, fixture] as const))("%s", (id, fixture) => {
  const want = expected[id]!

  it("has the Auth.js id, name and type, with or without options", () => {
    for (const config of [fixture.create(), fixture.create({}), fixture.create({ clientId: "id", clientSecret: "secret" })]) {
      expect({ id: config.id, name: config.name, type: config.type }).toEqual({ id, name: fixture.name, type: fixture.type })
    }
  })

  it("stores the user's options, as the last key, for the engine to merge over the defaults", () => {
    const config = build(fixture)
    expect(Object.keys(config).at(-1)).toBe("options")
    expect(config.options).toMatchObject(fixture.options)
    expect(fixture.create().options).toEqual({})
  })

  it("keeps a [customFetch] passed in the options", () => {
    const fetch = async (): Promise<Response> => new Response("{}")
    const config = fixture.create({ ...fixture.options, [customFetch]: fetch })
    expect((config.options as Record<symbol, unknown>)[customFetch]).toBe(fetch)
  })

  it("has an inline SVG logo the sign-in page accepts, and a hex brand colour", () => {
    const { style } = build(fixture)
    expect(style?.logo).toMatch(/^data:image\/svg\+xml,/)
    expect(safeImageSrc(style?.logo)).toBe(style?.logo)
    expect(decodeURIComponent(style!.logo!)).toMatch(/^data:image\/svg\+xml,<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg'[^>]*>.*<\/svg>$/)
    expect(style?.brandColor).toMatch(/^#[\da-f]{6}$/)
  })

  it("names no plain-http URL and no remote image anywhere in its config", () => {
    for (const [path, value] of strings(build(fixture))) {
      // The SVG namespace is an identifier, never fetched.
      const logo = /\.logo(?:Dark)?$/.test(path)
      const text = logo ? decodeURIComponent(value).replaceAll("http://www.w3.org/2000/svg", "") : value
      expect(text, path).not.toMatch(/http:\/\//)
      if (logo) expect(text, path).not.toMatch(/https:\/\//)
    }
  })

  it("asks for the default scope of the reference table, and nothing more", () => {
    const params = endpointParams(build(fixture).authorization)
    expect(params.scope).toBe(want.scope)
    for (const [key, value] of Object.entries(want.extraParams ?? {})) expect(params[key], key).toBe(value)
  })

  it("uses the checks and the token endpoint authentication of the reference table", () => {
    const config = build(fixture)
    expect(config.checks).toEqual(want.checks)
    expect(config.client?.token_endpoint_auth_method).toBe(want.auth)
  })

  if (fixture.type === "oauth") {
    it("has its authorization, token and userinfo endpoints (OAuth 2: no discovery)", () => {
      const config = build(fixture)
      expect([endpointUrl(config.authorization), endpointUrl(config.token), endpointUrl(config.userinfo)]).toEqual(want.endpoints)
      if (want.issuer) expect(config.issuer).toBe(want.issuer)
      else expect(config.issuer).toBeUndefined()
    })
  } else if (fixture.userIssuer) {
    it("takes its issuer from the user; without one the config's issuer is undefined", () => {
      expect(build(fixture).issuer).toBe(fixture.options.issuer)
      expect(fixture.create().issuer).toBeUndefined()
      expect(fixture.create({ clientId: "id", clientSecret: "secret" }).issuer).toBeUndefined()
    })
  } else {
    it("has a fixed issuer, found by discovery, that an `issuer` option replaces", () => {
      expect(build(fixture).issuer).toBe(want.issuer)
      expect(endpointUrl(build(fixture).token)).toBeUndefined()
      expect(fixture.create({ issuer: "https://sandbox.example.com" }).options?.issuer).toBe("https://sandbox.example.com")
    })
  }

  it("maps the profile with its own profile() callback", () => {
    expect(typeof build(fixture).profile).toBe("function")
  })
})

describe("provider-specific options", () => {
  it("GitHub Enterprise: every endpoint and the issuer move to the base URL, the API to /api/v3", () => {
    const config = GitHub({ enterprise: { baseUrl: "https://github.example.com/" } })
    expect(config.issuer).toBe("https://github.example.com/login/oauth")
    expect(endpointUrl(config.authorization)).toBe("https://github.example.com/login/oauth/authorize")
    expect(endpointUrl(config.token)).toBe("https://github.example.com/login/oauth/access_token")
    expect(endpointUrl(config.userinfo)).toBe("https://github.example.com/api/v3/user")
  })

  it("GitLab baseUrl: a self-managed instance, sub-path kept, with or without a trailing slash", () => {
    for (const baseUrl of ["https://git.example.com/gitlab", "https://git.example.com/gitlab/", new URL("https://git.example.com/gitlab")]) {
      const config = GitLab({ baseUrl })
      expect(endpointUrl(config.authorization)).toBe("https://git.example.com/gitlab/oauth/authorize")
      expect(endpointUrl(config.token)).toBe("https://git.example.com/gitlab/oauth/token")
      expect(endpointUrl(config.userinfo)).toBe("https://git.example.com/gitlab/api/v4/user")
    }
  })

  it("Microsoft Entra ID: tenantId picks the issuer; an explicit issuer wins", () => {
    expect(MicrosoftEntraID({ tenantId: "organizations" }).issuer).toBe("https://login.microsoftonline.com/organizations/v2.0")
    const tenant = "8eaef023-2b34-4da1-9baa-8bc8c9d6a490"
    expect(MicrosoftEntraID({ tenantId: tenant }).issuer).toBe(`https://login.microsoftonline.com/${tenant}/v2.0`)
    const issuer = "https://login.microsoftonline.com/consumers/v2.0"
    expect(MicrosoftEntraID({ tenantId: tenant, issuer }).issuer).toBe(issuer)
  })

  it("authentik: the issuer keeps (or gets) its trailing slash, in the defaults and in the options", () => {
    const config = Authentik({ issuer: "https://authentik.example.com/application/o/app" })
    expect(config.issuer).toBe("https://authentik.example.com/application/o/app/")
    expect(config.options?.issuer).toBe("https://authentik.example.com/application/o/app/")
    expect(Authentik({ issuer: "https://authentik.example.com/application/o/app/" }).issuer).toBe("https://authentik.example.com/application/o/app/")
  })

  it.each([
    ["keycloak", Keycloak, "https://keycloak.example.com/realms/app"],
    ["okta", Okta, "https://example.okta.com/oauth2/default"],
    ["cognito", Cognito, "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123"],
  ] as const)("%s: a trailing slash on the issuer is dropped (its issuers have none)", (_id, create, issuer) => {
    const config = (create as (options: { issuer: string }) => AnyConfig)({ issuer: `${issuer}/` })
    expect(config.issuer).toBe(issuer)
    expect(config.options?.issuer).toBe(issuer)
  })

  it("Twitch asks for e-mail, picture and username in the ID token through the claims parameter", () => {
    const twitch = providerFixtures.find((f) => f.id === "twitch")!.create()
    expect(JSON.parse(endpointParams(twitch.authorization).claims!)).toEqual({
      id_token: { email: null, picture: null, preferred_username: null },
    })
  })

  it("LINE ID tokens are HS256 (signed with the channel secret)", () => {
    const line = providerFixtures.find((f) => f.id === "line")!.create()
    expect(line.client?.id_token_signed_response_alg).toBe("HS256")
  })

  it("Salesforce reads the profile from userinfo (idToken: false)", () => {
    const salesforce = providerFixtures.find((f) => f.id === "salesforce")!.create() as OIDCConfig<never>
    expect(salesforce.idToken).toBe(false)
  })
})
