/**
 * The call forms of `QwikAuth$()` and the environment inference of `setEnvDefaults(env, config)`, with Qwik City's
 * `EnvGetter` (`event.env`: `process.env` on Node.js, the bindings on Cloudflare and other edges).
 */
import "./helpers/qwik-runtime.js"
import { qrl } from "@builder.io/qwik"
import type { RequestEventCommon } from "@builder.io/qwik-city"
import type { EnvGetter } from "@builder.io/qwik-city/middleware/request-handler"
import { decode } from "@gatehousejs/core/jwt"
import GitHub from "@gatehousejs/core/providers/github"
import Nodemailer from "@gatehousejs/core/providers/nodemailer"
import Keycloak from "@gatehousejs/core/providers/keycloak"
import { afterEach, describe, expect, it, vi } from "vitest"
import { alice, Browser, idOf, SESSION_COOKIE, startApp, testConfig, type App } from "./helpers/app.js"
import { QwikAuth$, QwikAuthQrl, setEnvDefaults, type QwikAuthConfig, type QwikAuthConfigInput } from "../src/index.js"

let app: App | undefined
afterEach(async () => {
  vi.unstubAllEnvs()
  await app?.close()
  app = undefined
})

function envGetter(variables: Record<string, string>): EnvGetter {
  return { get: (key) => variables[key] }
}

async function signedInAt(plugin: Parameters<typeof startApp>[0]): Promise<Browser> {
  app = await startApp(plugin)
  const browser = new Browser(app.origin)
  await browser.signInWithForm()
  return browser
}

describe("QwikAuth$() call forms", () => {
  it.each<[string, () => QwikAuthConfigInput]>([
    ["a configuration object", () => testConfig()],
    ["a function of the request event", () => () => testConfig()],
    ["an async function of the request event", () => async () => testConfig()],
  ])("%s: sign-in works and the pages see the session", async (_, input) => {
    const browser = await signedInAt(QwikAuth$(input()))
    expect((await browser.page()).session).toMatchObject({ user: { email: alice.email } })
  })

  it("the lazy form is called with each request's event (a per-request configuration)", async () => {
    const seen: string[] = []
    const config = testConfig()
    const browser = await signedInAt(
      QwikAuth$((event: RequestEventCommon) => {
        seen.push(`${event.method} ${event.url.pathname}`)
        return config
      }),
    )
    await browser.page("/protected")
    expect(seen).toEqual(expect.arrayContaining(["GET /auth/csrf", "POST /auth/callback/credentials", "GET /protected"]))
  })

  it("QwikAuthQrl with a configuration in a lazily loaded chunk (what the optimizer makes of QwikAuth$)", async () => {
    const lazy = qrl<QwikAuthConfigInput>(() => import("./helpers/plugin-config.js"), "plugin_auth_QwikAuth_config_x1")
    const browser = await signedInAt(QwikAuthQrl(lazy))
    expect((await browser.page()).session).toMatchObject({ user: { email: alice.email } })
  })

  it("the endpoints answer under /auth whatever basePath the configuration names, as with @auth/qwik", async () => {
    app = await startApp(QwikAuth$(testConfig({ basePath: "/api/auth" })))
    const browser = new Browser(app.origin)
    expect((await browser.get("/auth/providers")).status).toBe(200)
    expect((await browser.get("/api/auth/providers")).status).toBe(404)
  })
})

describe("setEnvDefaults(env, config)", () => {
  it("fills basePath, the secrets (newest first), redirectProxyUrl and each provider's credentials", () => {
    const config: QwikAuthConfig = { providers: [GitHub, Keycloak({}), Nodemailer({ server: "smtp://localhost" })] }
    setEnvDefaults(
      envGetter({
        AUTH_SECRET: "secret-0",
        AUTH_SECRET_1: "secret-1",
        AUTH_SECRET_2: "secret-2",
        AUTH_REDIRECT_PROXY_URL: "https://proxy.example/auth",
        AUTH_GITHUB_ID: "gh-id",
        AUTH_GITHUB_SECRET: "gh-secret",
        AUTH_KEYCLOAK_ID: "kc-id",
        AUTH_KEYCLOAK_SECRET: "kc-secret",
        AUTH_KEYCLOAK_ISSUER: "https://idp.example/realms/app",
        AUTH_NODEMAILER_KEY: "mail-key",
      }),
      config,
    )
    expect(config.basePath).toBe("/auth")
    expect(config.secret).toEqual(["secret-2", "secret-1", "secret-0"])
    expect(config.redirectProxyUrl).toBe("https://proxy.example/auth")
    const [github, keycloak, mail] = config.providers as unknown as Record<string, unknown>[]
    expect(github).toMatchObject({ id: "github", clientId: "gh-id", clientSecret: "gh-secret" })
    expect(keycloak).toMatchObject({ clientId: "kc-id", clientSecret: "kc-secret", issuer: "https://idp.example/realms/app" })
    expect(mail).toMatchObject({ apiKey: "mail-key" })
  })

  it("keeps what the configuration sets", () => {
    const config: QwikAuthConfig = { secret: "mine", trustHost: false, redirectProxyUrl: "https://own.example/auth", providers: [] }
    setEnvDefaults(envGetter({ AUTH_SECRET: "env", AUTH_TRUST_HOST: "true", AUTH_REDIRECT_PROXY_URL: "https://env.example/auth" }), config)
    expect(config.secret).toBe("mine")
    expect(config.trustHost).toBe(false)
    expect(config.redirectProxyUrl).toBe("https://own.example/auth")
  })

  it.each<[string, QwikAuthConfig["providers"][number], string]>([
    ["GitHub left bare: AUTH_GITHUB_ID from the event's environment", GitHub, "env-id"],
    ["GitHub({ clientId }): the configuration's id", GitHub({ clientId: "own-id" }), "own-id"],
  ])("end to end, %s reaches the authorization URL", async (_, github, clientId) => {
    vi.stubEnv("AUTH_GITHUB_ID", "env-id")
    vi.stubEnv("AUTH_GITHUB_SECRET", "env-secret")
    const plugin = QwikAuth$(() => testConfig({ providers: [github] }))
    app = await startApp(plugin)
    const browser = new Browser(app.origin)
    const response = await browser.post(`/?qaction=${idOf(plugin.useSignIn)}`, { providerId: "github" })
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("client_id")).toBe(clientId)
  })

  it.each<[string, Record<string, string>, boolean]>([
    ["AUTH_URL set", { NODE_ENV: "production", AUTH_URL: "https://app.example" }, true],
    ["AUTH_TRUST_HOST=true", { NODE_ENV: "production", AUTH_TRUST_HOST: "true" }, true],
    ["AUTH_TRUST_HOST=false (Auth.js trusted any value)", { NODE_ENV: "production", AUTH_TRUST_HOST: "false" }, false],
    ["on Cloudflare Pages", { NODE_ENV: "production", CF_PAGES: "1" }, true],
    ["on Vercel", { NODE_ENV: "production", VERCEL: "1" }, true],
    ["in production, nothing else", { NODE_ENV: "production" }, false],
    ["outside production", { NODE_ENV: "development" }, true],
  ])("trustHost with %s: %s", (_, variables, trusted) => {
    const config: QwikAuthConfig = { providers: [] }
    setEnvDefaults(envGetter(variables), config)
    expect(config.trustHost).toBe(trusted)
  })

  it("end to end: the session cookie is sealed with AUTH_SECRET from the event's environment", async () => {
    vi.stubEnv("AUTH_SECRET", "a-secret-only-the-environment-knows-0123456789")
    const { secret: _, ...withoutSecret } = testConfig()
    const browser = await signedInAt(QwikAuth$(() => ({ ...withoutSecret })))
    const token = await decode({ token: browser.jar.get(SESSION_COOKIE), secret: "a-secret-only-the-environment-knows-0123456789", salt: SESSION_COOKIE })
    expect(token).toMatchObject({ email: alice.email })
  })
})
