/**
 * Environment inference as `@auth/solid-start` has it (from `process.env`): the secret from `AUTH_SECRET`, the host
 * trusted outside production or with `AUTH_TRUST_HOST`, provider credentials from `AUTH_<PROVIDER>_ID` / `_SECRET`.
 */
import { decode } from "@gatehousejs/core/jwt"
import GitHub from "@gatehousejs/core/providers/github"
import { afterEach, describe, expect, it, vi } from "vitest"
import { getSession, SolidAuth } from "../src/index.js"
import { alice, Browser, SESSION_COOKIE, startApp, testConfig } from "./helpers/start.js"

afterEach(() => {
  vi.unstubAllEnvs()
})

/** The test configuration as an app leaves it to the environment: no secret, no trustHost. */
function fromEnvironment(): ReturnType<typeof testConfig> {
  const { secret: _secret, trustHost: _trustHost, ...config } = testConfig()
  return config
}

describe("environment inference", () => {
  it("the session cookie is sealed with AUTH_SECRET, and getSession reads it", async () => {
    vi.stubEnv("AUTH_SECRET", "a-secret-only-the-environment-knows-0123456789")
    const config = fromEnvironment()
    const browser = new Browser(startApp(SolidAuth(config)))
    await browser.signIn()
    const token = await decode({ token: browser.jar.get(SESSION_COOKIE), secret: "a-secret-only-the-environment-knows-0123456789", salt: SESSION_COOKIE })
    expect(token).toMatchObject({ email: alice.email })
    expect(await getSession(browser.pageRequest(), config)).toMatchObject({ user: { email: alice.email } })
  })

  it.each<[string, Record<string, string>, number]>([
    ["in production the host is not trusted by default: the engine refuses (500)", { NODE_ENV: "production" }, 500],
    ["in production with AUTH_TRUST_HOST=true it answers", { NODE_ENV: "production", AUTH_TRUST_HOST: "true" }, 200],
    ["in production with AUTH_URL it answers", { NODE_ENV: "production", AUTH_URL: "http://localhost:3000/api/auth" }, 200],
    ["outside production it answers", { NODE_ENV: "development" }, 200],
  ])("%s", async (_, variables, status) => {
    vi.stubEnv("AUTH_SECRET", "a-secret-only-the-environment-knows-0123456789")
    for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value)
    const browser = new Browser(startApp(SolidAuth(fromEnvironment())))
    expect((await browser.get("/api/auth/csrf")).status).toBe(status)
  })

  it("a provider left bare takes AUTH_GITHUB_ID and AUTH_GITHUB_SECRET", async () => {
    vi.stubEnv("AUTH_GITHUB_ID", "env-id")
    vi.stubEnv("AUTH_GITHUB_SECRET", "env-secret")
    const browser = new Browser(startApp(SolidAuth(testConfig({ providers: [GitHub] }))))
    const response = await browser.post("/api/auth/signin/github", { csrfToken: await browser.csrfToken(), callbackUrl: "/" })
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("client_id")).toBe("env-id")
  })
})
