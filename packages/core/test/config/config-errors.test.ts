/**
 * Issue 12 items 3–5: every configuration problem is reported once, all together, in one readable block that says what
 * to set (no stack trace), and a provider without its client id / secret / issuer is one of those problems — answered
 * before any redirect to the provider. Each test builds a new config object: resolved configurations are cached per
 * object.
 */
import { Auth, Gatehouse, type AuthConfig } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import GitHub from "@gatehousejs/core/providers/github"
import Keycloak from "@gatehousejs/core/providers/keycloak"
import Apple from "@gatehousejs/core/providers/apple"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { Adapter } from "../../src/adapters.js"
import { resolveConfig } from "../../src/config/resolve.js"

const credentials = () => Credentials({ authorize: () => null })
const ORIGIN = "https://app.example"

function recordingLogger(): { logger: NonNullable<AuthConfig["logger"]>; errors: Error[]; warnings: unknown[][] } {
  const errors: Error[] = []
  const warnings: unknown[][] = []
  return {
    errors,
    warnings,
    logger: { error: (error) => void errors.push(error), warn: (...args) => void warnings.push(args), debug: () => {} },
  }
}

/** Everything the default console logger writes, as text. */
function captureConsole(): string[] {
  const out: string[] = []
  for (const level of ["error", "warn", "log"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void out.push(args.map(String).join(" ")))
  }
  return out
}

function production(): void {
  vi.stubEnv("NODE_ENV", "production")
  for (const name of ["AUTH_SECRET", "NEXTAUTH_SECRET", "AUTH_URL", "NEXTAUTH_URL", "AUTH_TRUST_HOST", "VERCEL", "CF_PAGES"]) vi.stubEnv(name, "")
}

function withoutGitHubEnv(): void {
  for (const name of ["AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET", "AUTH_GITHUB_ISSUER"]) vi.stubEnv(name, "")
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

describe("configuration problems are reported once, all together", () => {
  it("in production without a secret and without a trusted host, one error names AUTH_SECRET and AUTH_URL, logged once for many requests", async () => {
    production()
    const { logger, errors } = recordingLogger()
    const config: AuthConfig = { providers: [credentials()], logger }
    for (let i = 0; i < 3; i++) {
      const response = await Auth(new Request(`${ORIGIN}/auth/session`), config)
      expect(response.status).toBe(500)
      expect(await response.text()).toContain("server configuration")
    }
    expect(errors).toHaveLength(1)
    const [error] = errors as [Error & { type: string }]
    // Auth.js's class of the first problem, for code that switches on it; the message lists every problem.
    expect(["UntrustedHost", "MissingSecret"]).toContain(error.type)
    expect(error.message).toContain("AUTH_SECRET")
    expect(error.message).toContain("AUTH_URL")
  })

  it("the default logger prints them as one block without a stack trace, each problem on its own line", async () => {
    production()
    const out = captureConsole()
    const config: AuthConfig = { providers: [credentials()], adapter: {} as Adapter, session: { strategy: "database" } }
    await Auth(new Request(`${ORIGIN}/auth/session`), config)
    await Auth(new Request(`${ORIGIN}/auth/signin`), config)
    const text = out.join("\n")
    expect(text).not.toMatch(/^\s+at /m)
    expect(out.filter((line) => line.includes("[gatehouse][error]"))).toHaveLength(1)
    for (const expected of ["AUTH_SECRET", "AUTH_URL", "createSession"]) expect(text).toContain(expected)
    // One line per problem: the reader sees a list, not one 600-character sentence.
    const lines = text.split("\n")
    expect(lines.find((l) => l.includes("AUTH_SECRET"))).not.toBe(lines.find((l) => l.includes("createSession")))
  })

  it("the built-in sign-in page answers the Configuration error page (500), not a signed-out 200", async () => {
    production()
    const response = await Auth(new Request(`${ORIGIN}/auth/signin`), { providers: [credentials()], logger: recordingLogger().logger })
    expect(response.status).toBe(500)
    expect(response.headers.get("content-type")).toContain("text/html")
  })

  it("server-side auth() fails closed: signed out, no exception in the page, the problem logged once", async () => {
    production()
    const { logger, errors } = recordingLogger()
    const { auth } = Gatehouse({ providers: [credentials()], logger })
    expect(await auth(new Request(`${ORIGIN}/`))).toBeNull()
    expect(await auth(new Request(`${ORIGIN}/`))).toBeNull()
    expect(errors).toHaveLength(1)
  })
})

describe("a provider without its credentials cannot sign in, and the log names the variable; the rest of the app works", () => {
  it("constructing GitHub without AUTH_GITHUB_ID never throws (provider lists are built before the environment is complete)", () => {
    withoutGitHubEnv()
    expect(() => GitHub({})).not.toThrow()
    expect(() => resolveConfig({ secret: "s", providers: [GitHub] })).not.toThrow()
  })

  it("a bare GitHub without AUTH_GITHUB_ID: the sign-in answers the Configuration error before any redirect to GitHub, and the log names AUTH_GITHUB_ID", async () => {
    withoutGitHubEnv()
    const { logger, errors } = recordingLogger()
    const config: AuthConfig = { secret: "s", trustHost: true, providers: [GitHub], logger }
    const csrf = await Auth(new Request(`${ORIGIN}/auth/csrf`), config)
    const { csrfToken } = (await csrf.json()) as { csrfToken?: string }
    const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ")
    const response = await Auth(
      new Request(`${ORIGIN}/auth/signin/github`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams({ csrfToken: csrfToken ?? "" }),
      }),
      config,
    )
    expect(response.headers.get("location") ?? "").not.toContain("github.com")
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
    // Once when the configuration is read, and again for the refused sign-in.
    expect(errors).toHaveLength(2)
    for (const error of errors) expect(error.message).toMatch(/AUTH_GITHUB_ID and AUTH_GITHUB_SECRET/)
  })

  it("as in Auth.js, the rest of the app keeps working: /session, /providers and the sign-in page answer 200", async () => {
    withoutGitHubEnv()
    const config: AuthConfig = { secret: "s", trustHost: true, providers: [GitHub], logger: recordingLogger().logger }
    for (const path of ["/session", "/providers", "/signin", "/csrf"]) {
      expect((await Auth(new Request(`${ORIGIN}/auth${path}`), config)).status, path).toBe(200)
    }
    const callback = await Auth(new Request(`${ORIGIN}/auth/callback/github?code=c&state=s`), config)
    expect(callback.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`)
  })

  it("GitHub with AUTH_GITHUB_ID but no AUTH_GITHUB_SECRET names only AUTH_GITHUB_SECRET", () => {
    withoutGitHubEnv()
    vi.stubEnv("AUTH_GITHUB_ID", "id")
    const error = resolveConfig({ secret: "s", providers: [GitHub], logger: recordingLogger().logger }).providerProblems.get("github")
    expect(error?.message).toContain("AUTH_GITHUB_SECRET")
    expect(error?.message).not.toContain("AUTH_GITHUB_ID")
  })

  it("GitHub with both variables set is fine", () => {
    withoutGitHubEnv()
    vi.stubEnv("AUTH_GITHUB_ID", "id")
    vi.stubEnv("AUTH_GITHUB_SECRET", "secret")
    expect(resolveConfig({ secret: "s", providers: [GitHub] }).providerProblems.size).toBe(0)
  })

  it("Keycloak without an issuer names AUTH_KEYCLOAK_ISSUER", () => {
    for (const name of ["AUTH_KEYCLOAK_ID", "AUTH_KEYCLOAK_SECRET", "AUTH_KEYCLOAK_ISSUER"]) vi.stubEnv(name, "")
    const error = resolveConfig({ secret: "s", providers: [Keycloak({ clientId: "id", clientSecret: "secret" })], logger: recordingLogger().logger }).configError
    expect(error?.message).toContain("AUTH_KEYCLOAK_ISSUER")
  })

  it("a public client (token_endpoint_auth_method: none) needs no client secret", () => {
    const error = resolveConfig({
      secret: "s",
      providers: [{ id: "public-op", name: "Public", type: "oidc", issuer: "https://op.example", clientId: "id", client: { token_endpoint_auth_method: "none" } }],
    })
    expect(error.configError).toBeUndefined()
    expect(error.providerProblems.size).toBe(0)
  })

  it("Apple without a client secret says the secret can be generated", () => {
    for (const name of ["AUTH_APPLE_ID", "AUTH_APPLE_SECRET"]) vi.stubEnv(name, "")
    const error = resolveConfig({ secret: "s", providers: [Apple({ clientId: "com.example.web" })], logger: recordingLogger().logger }).providerProblems.get("apple")
    expect(error?.message).toContain("AUTH_APPLE_SECRET")
    expect(error?.message).toContain("createAppleClientSecret")
  })
})
