/**
 * `setEnvDefaults`, `createActionURL` and `isAuthAction` (issue 13 scope 2): each row runs `@auth/core` 0.41's function
 * and ours on the same inputs and expects the same result, except the rows marked as deliberate differences
 * (the engine's fixes, see src/config/authjs-api.ts), which state both results.
 */
import * as authjs from "@auth/core"
import AuthJsGitHub from "@auth/core/providers/github"
import AuthJsResend from "@auth/core/providers/resend"
import { createActionURL, isAuthAction, setEnvDefaults, type AuthConfig } from "@gatehousejs/core"
import GitHub from "@gatehousejs/core/providers/github"
import Resend from "@gatehousejs/core/providers/resend"
import { describe, expect, expectTypeOf, it, vi } from "vitest"

type Env = Record<string, string | undefined>
type AuthJsConfig = Parameters<typeof authjs.setEnvDefaults>[1]

const quietAuthJs = { error: () => {}, warn: vi.fn(), debug: () => {} }
const quiet = { error: () => {}, warn: vi.fn(), debug: () => {} }

/** A provider factory both libraries accept: the same function is handed to each. */
const customOidc = (options: Record<string, unknown> = {}) => ({ id: "my-idp", name: "My IdP", type: "oidc" as const, issuer: undefined, ...options })
const customEmail = (options: Record<string, unknown> = {}) => ({ id: "my-mail", name: "Mail", type: "email" as const, sendVerificationRequest: async () => {}, ...options })

interface EnvRow {
  name: string
  env: Env
  config?: { basePath?: string; secret?: string | string[]; trustHost?: boolean; redirectProxyUrl?: string }
}

const envRows: EnvRow[] = [
  { name: "empty environment", env: {} },
  { name: "AUTH_SECRET", env: { AUTH_SECRET: "s0" } },
  { name: "AUTH_SECRET_1..3 rotate, newest first", env: { AUTH_SECRET: "s0", AUTH_SECRET_1: "s1", AUTH_SECRET_2: "s2", AUTH_SECRET_3: "s3" } },
  { name: "a gap in the numbered secrets", env: { AUTH_SECRET: "s0", AUTH_SECRET_2: "s2" } },
  { name: "explicit secret wins", env: { AUTH_SECRET: "s0" }, config: { secret: "mine" } },
  { name: "explicit secret array wins", env: { AUTH_SECRET: "s0" }, config: { secret: ["a", "b"] } },
  { name: "empty secret array is filled", env: { AUTH_SECRET: "s0" }, config: { secret: [] } },
  { name: "empty secret string is filled", env: { AUTH_SECRET: "s0" }, config: { secret: "" } },
  { name: "AUTH_URL with a path sets basePath", env: { AUTH_URL: "https://app.example/api/auth" } },
  { name: "AUTH_URL with a trailing slash", env: { AUTH_URL: "https://app.example/custom/auth/" } },
  { name: "AUTH_URL path and explicit basePath: basePath kept", env: { AUTH_URL: "https://app.example/api/auth" }, config: { basePath: "/mine" } },
  { name: "production without AUTH_URL: host not trusted", env: { NODE_ENV: "production" } },
  { name: "production with AUTH_URL: trusted", env: { NODE_ENV: "production", AUTH_URL: "https://app.example/auth" } },
  { name: "production with AUTH_TRUST_HOST=true", env: { NODE_ENV: "production", AUTH_TRUST_HOST: "true" } },
  { name: "production on Vercel", env: { NODE_ENV: "production", VERCEL: "1" } },
  { name: "production on Cloudflare Pages", env: { NODE_ENV: "production", CF_PAGES: "1" } },
  { name: "explicit trustHost false wins", env: { AUTH_URL: "https://app.example/auth" }, config: { trustHost: false } },
  { name: "AUTH_REDIRECT_PROXY_URL", env: { AUTH_REDIRECT_PROXY_URL: "https://proxy.example/api/auth" } },
  { name: "explicit redirectProxyUrl wins", env: { AUTH_REDIRECT_PROXY_URL: "https://proxy.example/api/auth" }, config: { redirectProxyUrl: "https://mine.example/auth" } },
  {
    name: "provider credentials from AUTH_<ID>_*",
    env: {
      AUTH_GITHUB_ID: "gh-id",
      AUTH_GITHUB_SECRET: "gh-secret",
      AUTH_MY_IDP_ID: "idp-id",
      AUTH_MY_IDP_SECRET: "idp-secret",
      AUTH_MY_IDP_ISSUER: "https://idp.example",
      AUTH_MY_MAIL_KEY: "mail-key",
      AUTH_RESEND_KEY: "re-key",
    },
  },
]

type ProviderSet = "bare" | "called"

function gatehouseConfig(row: EnvRow, set: ProviderSet): AuthConfig {
  const providers: AuthConfig["providers"] =
    set === "bare"
      ? [GitHub, Resend, customOidc, customEmail]
      : [GitHub({ clientSecret: "user-secret" }), Resend({ from: "a@b.example" }), customOidc({ clientId: "user-id" }), customEmail({ apiKey: "user-key" })]
  return { providers, logger: quiet, ...row.config }
}

function authJsConfig(row: EnvRow, set: ProviderSet): AuthJsConfig {
  const providers =
    set === "bare"
      ? [AuthJsGitHub, AuthJsResend, customOidc, customEmail]
      : [AuthJsGitHub({ clientSecret: "user-secret" }), AuthJsResend({ from: "a@b.example" }), customOidc({ clientId: "user-id" }), customEmail({ apiKey: "user-key" })]
  return { providers, logger: quietAuthJs, ...row.config } as AuthJsConfig
}

/** What setEnvDefaults decides: the filled fields, and per provider what it fills (plus the user's own options). */
function filled(config: AuthConfig | AuthJsConfig) {
  const c = config as unknown as Record<string, unknown> & { providers: Record<string, unknown>[] }
  return {
    basePath: c.basePath,
    secret: c.secret,
    trustHost: c.trustHost,
    redirectProxyUrl: c.redirectProxyUrl,
    providers: c.providers.map((p) => ({
      id: p.id,
      type: p.type,
      clientId: p.clientId,
      clientSecret: p.clientSecret,
      ...(String(p.id).startsWith("my-") ? { issuer: p.issuer } : {}),
      apiKey: p.apiKey,
      options: p.options,
    })),
  }
}

describe("setEnvDefaults: same as @auth/core", () => {
  for (const set of ["bare", "called"] as const) {
    for (const row of envRows) {
      it(`${row.name} (${set} providers)`, () => {
        const ours = gatehouseConfig(row, set)
        const theirs = authJsConfig(row, set)
        const returned = setEnvDefaults({ ...row.env }, ours)
        authjs.setEnvDefaults({ ...row.env }, theirs)
        expect(returned).toBeUndefined()
        expect(filled(ours)).toEqual(filled(theirs))
      })
    }
  }

  it("fills the very object it is given (in place), as Auth.js", () => {
    const config: AuthConfig = { providers: [GitHub], logger: quiet }
    setEnvDefaults({ AUTH_SECRET: "s", AUTH_GITHUB_ID: "id" }, config)
    expect(config.secret).toEqual(["s"])
    expect((config.providers[0] as { clientId?: string }).clientId).toBe("id")
  })

  it("warns env-url-basepath-redundant when both are set, unless suppressed, as Auth.js", () => {
    const row: EnvRow = { name: "", env: { AUTH_URL: "https://app.example/api/auth" }, config: { basePath: "/api/auth" } }
    quiet.warn.mockClear()
    quietAuthJs.warn.mockClear()
    setEnvDefaults(row.env, gatehouseConfig(row, "bare"))
    authjs.setEnvDefaults(row.env, authJsConfig(row, "bare"))
    expect(quiet.warn.mock.calls[0]?.[0]).toBe("env-url-basepath-redundant")
    expect(quietAuthJs.warn.mock.calls[0]?.[0]).toBe("env-url-basepath-redundant")
    quiet.warn.mockClear()
    quietAuthJs.warn.mockClear()
    setEnvDefaults(row.env, gatehouseConfig(row, "bare"), true)
    authjs.setEnvDefaults(row.env, authJsConfig(row, "bare"), true)
    expect(quiet.warn).not.toHaveBeenCalled()
    expect(quietAuthJs.warn).not.toHaveBeenCalled()
  })
})

describe("setEnvDefaults: deliberate differences", () => {
  const rows: { name: string; env: Env; field: "basePath" | "secret" | "trustHost"; ours: unknown; authjs: unknown }[] = [
    { name: "AUTH_TRUST_HOST=false in production means false", env: { NODE_ENV: "production", AUTH_TRUST_HOST: "false" }, field: "trustHost", ours: false, authjs: true },
    { name: "NEXTAUTH_SECRET is read (as next-auth's setEnvDefaults)", env: { NEXTAUTH_SECRET: "legacy" }, field: "secret", ours: ["legacy"], authjs: [] },
    { name: "NEXTAUTH_URL's path is the basePath (as next-auth's)", env: { NEXTAUTH_URL: "https://app.example/api/auth" }, field: "basePath", ours: "/api/auth", authjs: "/auth" },
    { name: "AUTH_URL at the origin leaves basePath at /auth", env: { AUTH_URL: "https://app.example" }, field: "basePath", ours: "/auth", authjs: "/" },
    { name: "an AUTH_URL that is not a URL is ignored for trustHost", env: { NODE_ENV: "production", AUTH_URL: "not a url" }, field: "trustHost", ours: false, authjs: true },
  ]
  for (const row of rows) {
    it(row.name, () => {
      const ours = gatehouseConfig({ name: row.name, env: row.env }, "bare")
      const theirs = authJsConfig({ name: row.name, env: row.env }, "bare")
      setEnvDefaults({ ...row.env }, ours)
      authjs.setEnvDefaults({ ...row.env }, theirs)
      expect(filled(ours)[row.field]).toEqual(row.ours)
      expect(filled(theirs)[row.field]).toEqual(row.authjs)
    })
  }
})

interface UrlRow {
  name: string
  action: Parameters<typeof createActionURL>[0]
  protocol: string
  headers: Record<string, string>
  env: Env
  basePath?: string
}

const urlRows: UrlRow[] = [
  { name: "Host header, default https", action: "signin", protocol: "https", headers: { host: "app.example" }, env: {}, basePath: "/auth" },
  { name: "protocol with a colon", action: "session", protocol: "http:", headers: { host: "localhost:3000" }, env: {}, basePath: "/api/auth" },
  { name: "X-Forwarded-Host and -Proto (development: trusted)", action: "csrf", protocol: "http", headers: { host: "internal:8080", "x-forwarded-host": "app.example", "x-forwarded-proto": "https" }, env: {}, basePath: "/api/auth" },
  { name: "X-Forwarded-Host on Vercel in production", action: "signout", protocol: "https", headers: { host: "internal", "x-forwarded-host": "app.example" }, env: { NODE_ENV: "production", VERCEL: "1" }, basePath: "/api/auth" },
  { name: "basePath with slashes either side", action: "providers", protocol: "https", headers: { host: "app.example" }, env: {}, basePath: "/api/auth/" },
  { name: "no basePath", action: "callback", protocol: "https", headers: { host: "app.example" }, env: {} },
  { name: "AUTH_URL origin", action: "signin", protocol: "http", headers: { host: "internal" }, env: { AUTH_URL: "https://app.example" }, basePath: "/api/auth" },
  { name: "AUTH_URL with a trailing slash", action: "signin", protocol: "http", headers: { host: "internal" }, env: { AUTH_URL: "https://app.example/" }, basePath: "/api/auth" },
  { name: "AUTH_URL with the basePath as its path", action: "session", protocol: "http", headers: { host: "internal" }, env: { AUTH_URL: "https://app.example/api/auth" }, basePath: "/api/auth" },
  { name: "AUTH_URL with a path and no basePath keeps the path", action: "session", protocol: "http", headers: { host: "internal" }, env: { AUTH_URL: "https://app.example/custom" } },
  { name: "NEXTAUTH_URL", action: "verify-request", protocol: "http", headers: { host: "internal" }, env: { NEXTAUTH_URL: "https://legacy.example" }, basePath: "/api/auth" },
  { name: "AUTH_URL wins over NEXTAUTH_URL", action: "error", protocol: "http", headers: { host: "internal" }, env: { AUTH_URL: "https://new.example", NEXTAUTH_URL: "https://old.example" }, basePath: "/auth" },
  { name: "AUTH_URL with a port", action: "webauthn-options", protocol: "http", headers: { host: "internal" }, env: { AUTH_URL: "http://localhost:3000" }, basePath: "/auth" },
]

describe("createActionURL: same as @auth/core", () => {
  for (const row of urlRows) {
    it(row.name, () => {
      const config = { basePath: row.basePath, logger: quiet }
      const ours = createActionURL(row.action, row.protocol, new Headers(row.headers), { ...row.env }, config)
      const theirs = authjs.createActionURL(row.action, row.protocol, new Headers(row.headers), { ...row.env }, { basePath: row.basePath, logger: quietAuthJs })
      expect(ours).toBeInstanceOf(URL)
      expect(ours.href).toBe(theirs.href)
    })
  }

  it("warns env-url-basepath-mismatch when AUTH_URL's path is not basePath, as Auth.js", () => {
    quiet.warn.mockClear()
    quietAuthJs.warn.mockClear()
    const env = { AUTH_URL: "https://app.example/other" }
    const ours = createActionURL("session", "https", new Headers(), env, { basePath: "/api/auth", logger: quiet })
    const theirs = authjs.createActionURL("session", "https", new Headers(), env, { basePath: "/api/auth", logger: quietAuthJs })
    expect(ours.href).toBe(theirs.href)
    expect(quiet.warn.mock.calls[0]?.[0]).toBe("env-url-basepath-mismatch")
    expect(quietAuthJs.warn.mock.calls[0]?.[0]).toBe("env-url-basepath-mismatch")
  })
})

describe("createActionURL: deliberate differences", () => {
  const rows: { name: string; headers: Record<string, string>; env: Env; basePath?: string; trustHost?: boolean; ours: string | TypeErrorConstructor; authjs: string }[] = [
    {
      name: "X-Forwarded-Host is not trusted in production without trustHost",
      headers: { host: "app.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
      env: { NODE_ENV: "production" },
      basePath: "/auth",
      ours: "https://app.example/auth/session",
      authjs: "http://evil.example/auth/session",
    },
    {
      name: "explicit trustHost: false ignores X-Forwarded-Host",
      headers: { host: "app.example", "x-forwarded-host": "evil.example" },
      env: {},
      basePath: "/auth",
      trustHost: false,
      ours: "https://app.example/auth/session",
      authjs: "https://evil.example/auth/session",
    },
    {
      name: "the first of several forwarded values",
      headers: { host: "internal", "x-forwarded-host": "app.example, proxy.internal", "x-forwarded-proto": "https, http" },
      env: {},
      basePath: "/auth",
      ours: "https://app.example/auth/session",
      authjs: "threw TypeError",
    },
    {
      name: "a basePath of / adds no empty segment",
      headers: { host: "app.example" },
      env: {},
      basePath: "/",
      ours: "https://app.example/session",
      authjs: "https://app.example//session",
    },
    {
      name: "no Host at all is an error, not https://null",
      headers: {},
      env: {},
      basePath: "/auth",
      ours: TypeError,
      authjs: "https://null/auth/session",
    },
  ]
  for (const row of rows) {
    it(row.name, () => {
      const theirs = (() => {
        try {
          return authjs.createActionURL("session", "https", new Headers(row.headers), { ...row.env }, { basePath: row.basePath, logger: quietAuthJs }).href
        } catch (error) {
          return `threw ${(error as Error).name}`
        }
      })()
      expect(theirs).toBe(row.authjs)
      const call = () => createActionURL("session", "https", new Headers(row.headers), { ...row.env }, { basePath: row.basePath, logger: quiet, trustHost: row.trustHost })
      if (typeof row.ours === "string") expect(call().href).toBe(row.ours)
      else expect(call).toThrow(row.ours)
    })
  }
})

describe("isAuthAction: same as @auth/core", () => {
  const inputs = ["providers", "session", "csrf", "signin", "signout", "callback", "verify-request", "error", "webauthn-options", "", "SignIn", "signin/", "callback/github", "toString", "__proto__", "constructor", "authorize"]
  for (const input of inputs) {
    it(JSON.stringify(input), () => {
      expect(isAuthAction(input)).toBe(authjs.isAuthAction(input))
    })
  }
})

describe("types: our signatures accept what Auth.js's accept", () => {
  it("parameter for parameter", () => {
    // Auth.js's arguments (other than its own AuthConfig type) go straight into ours.
    expectTypeOf<Parameters<typeof authjs.createActionURL>[0]>().toExtend<Parameters<typeof createActionURL>[0]>()
    expectTypeOf<Parameters<typeof authjs.createActionURL>[1]>().toExtend<Parameters<typeof createActionURL>[1]>()
    expectTypeOf<Parameters<typeof authjs.createActionURL>[2]>().toExtend<Parameters<typeof createActionURL>[2]>()
    expectTypeOf<Parameters<typeof authjs.createActionURL>[3]>().toExtend<Parameters<typeof createActionURL>[3]>()
    expectTypeOf<Parameters<typeof authjs.setEnvDefaults>[0]>().toExtend<Parameters<typeof setEnvDefaults>[0]>()
    expectTypeOf<Parameters<typeof authjs.setEnvDefaults>[2]>().toExtend<Parameters<typeof setEnvDefaults>[2]>()
    expectTypeOf<Parameters<typeof authjs.isAuthAction>[0]>().toExtend<Parameters<typeof isAuthAction>[0]>()
    expectTypeOf<ReturnType<typeof createActionURL>>().toEqualTypeOf<ReturnType<typeof authjs.createActionURL>>()
    expectTypeOf<ReturnType<typeof setEnvDefaults>>().toEqualTypeOf<ReturnType<typeof authjs.setEnvDefaults>>()
  })

  it("the calls framework integrations make compile", () => {
    const request = { url: "https://app.example/auth/session", headers: new Headers({ host: "app.example" }) }
    const config: AuthConfig = { providers: [GitHub], basePath: "/auth" }
    const env: NodeJS.ProcessEnv = process.env
    const envRecord: Record<string, string> = {}
    setEnvDefaults(env, config)
    setEnvDefaults(envRecord, config, true)
    expectTypeOf(createActionURL("signin", new URL(request.url).protocol, request.headers, env, config)).toEqualTypeOf<URL>()
    expectTypeOf(createActionURL("session", "https", request.headers, envRecord, { basePath: "/api/auth" })).toEqualTypeOf<URL>()
    const action: string = new URL(request.url).pathname.split("/").pop()!
    if (isAuthAction(action)) expectTypeOf(createActionURL(action, "https", request.headers, env, config)).toEqualTypeOf<URL>()
  })
})
