/**
 * Environment inference and configuration validation (docs/design.md#environment, #missing-secret).
 * Each test builds a new config object: resolved configurations are cached per object.
 */
import { Auth, type AuthConfig } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import { afterEach, describe, expect, it, vi } from "vitest"
import { resolveConfig } from "../../src/config/resolve.js"
import { providerEnvPrefix } from "../../src/config/env.js"
import type { OAuthConfig } from "../../src/providers/types.js"

const quiet = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }
const credentials = () => Credentials({ authorize: () => null })

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { providers: [credentials()], logger: quiet, ...overrides }
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.clearAllMocks()
})

describe("secret", () => {
  it("uses AUTH_SECRET when `secret` is not set", () => {
    vi.stubEnv("AUTH_SECRET", "from-env")
    expect(resolveConfig(config()).secrets).toEqual(["from-env"])
  })

  it("orders AUTH_SECRET_3.._1 before AUTH_SECRET so the newest signs new tokens", () => {
    vi.stubEnv("AUTH_SECRET", "s0")
    vi.stubEnv("AUTH_SECRET_1", "s1")
    vi.stubEnv("AUTH_SECRET_3", "s3")
    expect(resolveConfig(config()).secrets).toEqual(["s3", "s1", "s0"])
  })

  it("falls back to the legacy NEXTAUTH_SECRET", () => {
    vi.stubEnv("AUTH_SECRET", "")
    vi.stubEnv("NEXTAUTH_SECRET", "legacy")
    expect(resolveConfig(config()).secrets).toEqual(["legacy"])
  })

  it("an explicit secret (string or array) wins over the environment", () => {
    vi.stubEnv("AUTH_SECRET", "from-env")
    expect(resolveConfig(config({ secret: "explicit" })).secrets).toEqual(["explicit"])
    expect(resolveConfig(config({ secret: ["a", "b"] })).secrets).toEqual(["a", "b"])
  })

  it("in production, no secret is MissingSecret: 500 with a generic message and nothing authenticated", async () => {
    vi.stubEnv("NODE_ENV", "production")
    vi.stubEnv("AUTH_SECRET", "")
    vi.stubEnv("NEXTAUTH_SECRET", "")
    vi.stubEnv("AUTH_TRUST_HOST", "true")
    const response = await Auth(new Request("https://app.example/auth/session"), config())
    expect(response.status).toBe(500)
    const body = await response.text()
    expect(body).toContain("server configuration")
    expect(quiet.error).toHaveBeenCalledWith(expect.objectContaining({ type: "MissingSecret" }))
  })

  it("in production, the sign-in page with no secret is the built-in Configuration error page (500)", async () => {
    vi.stubEnv("NODE_ENV", "production")
    vi.stubEnv("AUTH_SECRET", "")
    vi.stubEnv("NEXTAUTH_SECRET", "")
    vi.stubEnv("AUTH_TRUST_HOST", "1")
    const response = await Auth(new Request("https://app.example/auth/signin"), config())
    expect(response.status).toBe(500)
    expect(response.headers.get("content-type")).toContain("text/html")
  })

  it("outside production, no secret means an ephemeral secret and a warning, and sign-in works", async () => {
    vi.stubEnv("NODE_ENV", "development")
    vi.stubEnv("AUTH_SECRET", "")
    vi.stubEnv("NEXTAUTH_SECRET", "")
    const resolved = resolveConfig(config())
    expect(resolved.configError).toBeUndefined()
    expect(resolved.secrets[0]).toMatch(/^[0-9a-f]{64}$/)
    expect(quiet.warn).toHaveBeenCalledWith("ephemeral-secret", expect.stringContaining("AUTH_SECRET"))
  })
})

describe("public URL and host trust", () => {
  it("AUTH_URL gives the base path and the origin, and makes the host trusted", async () => {
    vi.stubEnv("NODE_ENV", "production")
    vi.stubEnv("AUTH_URL", "https://public.example/api/auth")
    const cfg = config({ secret: "s" })
    expect(resolveConfig(cfg).basePath).toBe("/api/auth")
    const response = await Auth(new Request("http://10.0.0.5:3000/api/auth/providers"), cfg)
    const body = (await response.json()) as Record<string, { signinUrl: string }>
    expect(body.credentials!.signinUrl).toBe("https://public.example/api/auth/signin/credentials")
  })

  it("the legacy NEXTAUTH_URL works as AUTH_URL", () => {
    vi.stubEnv("NEXTAUTH_URL", "https://legacy.example/custom/auth")
    const resolved = resolveConfig(config({ secret: "s" }))
    expect(resolved.basePath).toBe("/custom/auth")
    expect(resolved.envUrl?.origin).toBe("https://legacy.example")
  })

  it("an explicit basePath wins over AUTH_URL's path", () => {
    vi.stubEnv("AUTH_URL", "https://public.example/api/auth")
    expect(resolveConfig(config({ secret: "s", basePath: "/auth/" })).basePath).toBe("/auth")
  })

  it.each([
    ["production, nothing set", { NODE_ENV: "production" }, false],
    ["development", { NODE_ENV: "development" }, true],
    ["AUTH_TRUST_HOST=true in production", { NODE_ENV: "production", AUTH_TRUST_HOST: "true" }, true],
    ["AUTH_TRUST_HOST=false is false (Auth.js treats it as true)", { NODE_ENV: "development", AUTH_TRUST_HOST: "false" }, false],
    ["VERCEL in production", { NODE_ENV: "production", VERCEL: "1" }, true],
    ["NEXTAUTH_URL in production", { NODE_ENV: "production", NEXTAUTH_URL: "https://a.example" }, true],
  ])("trustHost default: %s", (_, env, expected) => {
    for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v)
    expect(resolveConfig(config({ secret: "s" })).trustHost).toBe(expected)
  })

  it("an untrusted host is UntrustedHost: 500, not a redirect to an attacker-chosen host", async () => {
    vi.stubEnv("NODE_ENV", "production")
    // Its own logger: a configuration error is said once per logger, and another test of this file said this one.
    const logger = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }
    const response = await Auth(
      new Request("https://app.example/auth/session", { headers: { "x-forwarded-host": "evil.example" } }),
      config({ secret: "s", logger }),
    )
    expect(response.status).toBe(500)
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ type: "UntrustedHost" }))
  })

  it("with trustHost, X-Forwarded-Host and X-Forwarded-Proto build the public URL", async () => {
    const response = await Auth(
      new Request("http://internal:3000/auth/providers", { headers: { "x-forwarded-host": "app.example", "x-forwarded-proto": "https" } }),
      config({ secret: "s", trustHost: true }),
    )
    const body = (await response.json()) as Record<string, { callbackUrl: string }>
    expect(body.credentials!.callbackUrl).toBe("https://app.example/auth/callback/credentials")
  })

  it("a forwarded host that is not a host name is ignored", async () => {
    const response = await Auth(
      new Request("http://internal:3000/auth/providers", { headers: { "x-forwarded-host": "evil.example/path?x" } }),
      config({ secret: "s", trustHost: true }),
    )
    const body = (await response.json()) as Record<string, { callbackUrl: string }>
    expect(body.credentials!.callbackUrl).toBe("http://internal:3000/auth/callback/credentials")
  })
})

describe("providers from the environment", () => {
  it("upper-snake-cases provider ids", () => {
    expect(providerEnvPrefix("microsoft-entra-id")).toBe("AUTH_MICROSOFT_ENTRA_ID_")
    expect(providerEnvPrefix("vk")).toBe("AUTH_VK_")
  })

  it("a bare provider function gets AUTH_{ID}_ID / _SECRET / _ISSUER", () => {
    vi.stubEnv("AUTH_ACME_ID", "client-id")
    vi.stubEnv("AUTH_ACME_SECRET", "client-secret")
    vi.stubEnv("AUTH_ACME_ISSUER", "https://id.acme.example")
    const Acme = (options: Partial<OAuthConfig> = {}): OAuthConfig => ({ id: "acme", name: "Acme", type: "oauth", options } as OAuthConfig)
    const resolved = resolveConfig(config({ secret: "s", providers: [Acme] }))
    expect(resolved.providers[0]).toMatchObject({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://id.acme.example", checks: ["pkce"] })
  })

  it("AUTH_REDIRECT_PROXY_URL becomes the default redirectProxyUrl", () => {
    vi.stubEnv("AUTH_REDIRECT_PROXY_URL", "https://proxy.example/api/auth")
    expect(resolveConfig(config({ secret: "s" })).redirectProxyUrl).toBe("https://proxy.example/api/auth")
  })
})

describe("validation", () => {
  it.each([
    ["database strategy without an adapter", { session: { strategy: "database" as const } }, "MissingAdapter"],
    ["database sessions on an adapter missing session methods", { adapter: { createUser: async (u: never) => u }, session: { strategy: "database" as const } }, "MissingAdapterMethods"],
    ["duplicate provider ids", { providers: [credentials(), credentials()] }, "InvalidProvider"],
    ["an OAuth provider with neither issuer nor endpoints", { providers: [{ id: "acme", name: "Acme", type: "oauth" as const, authorization: "https://acme.example/authorize" }] }, "InvalidEndpoints"],
    ["a WebAuthn provider without the experimental flag", { providers: [{ id: "passkey", name: "Passkey", type: "webauthn" as const }] }, "ExperimentalFeatureNotEnabled"],
  ])("%s is a configuration error", async (_, overrides, type) => {
    const resolved = resolveConfig(config({ secret: "s", trustHost: true, ...(overrides as Partial<AuthConfig>) }))
    expect(resolved.configError?.type).toBe(type)
    const response = await Auth(new Request("https://app.example/auth/session"), config({ secret: "s", trustHost: true, ...(overrides as Partial<AuthConfig>) }))
    expect(response.status).toBe(500)
    expect(await response.text()).not.toMatch(/at .*\.ts/)
  })

  it("defaults: jwt strategy, 30-day maxAge, 1-day updateAge, /auth base path", () => {
    const resolved = resolveConfig(config({ secret: "s" }))
    expect(resolved.session).toMatchObject({ strategy: "jwt", maxAge: 2592000, updateAge: 86400 })
    expect(resolved.basePath).toBe("/auth")
    expect(resolved.jwt.maxAge).toBe(2592000)
    expect(resolved.theme).toEqual({ colorScheme: "auto", logo: "", brandColor: "", buttonText: "" })
  })

  it("an adapter with session methods makes database the default strategy; an explicit jwt is kept; one without them (e-mail only) stays jwt", () => {
    const adapter = { getSessionAndUser: async () => null }
    expect(resolveConfig(config({ secret: "s", adapter })).session.strategy).toBe("database")
    expect(resolveConfig(config({ secret: "s", adapter, session: { strategy: "jwt" } })).session.strategy).toBe("jwt")
    expect(resolveConfig(config({ secret: "s", adapter: {} })).session.strategy).toBe("jwt")
  })
})

describe("logger", () => {
  it("debug: true prints debug lines only on the default logger; a custom logger decides for itself", () => {
    const custom = { debug: vi.fn() }
    const resolved = resolveConfig({ providers: [], secret: "s", debug: true, logger: custom })
    resolved.logger.debug("code", { secret: "hunter2", ok: 1 })
    expect(custom.debug).toHaveBeenCalledWith("code", { secret: "[redacted]", ok: 1 })
  })

  it("a logger that throws never breaks a request", async () => {
    const cfg: AuthConfig = { providers: [], secret: "s", trustHost: true, logger: { error: () => { throw new Error("boom") } } }
    const response = await Auth(new Request("https://app.example/auth/session", { headers: { cookie: "authjs.session-token=garbage; __Secure-authjs.session-token=garbage" } }), cfg)
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
  })
})
