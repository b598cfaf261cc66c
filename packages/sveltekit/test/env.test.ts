/**
 * Environment inference from `$env/dynamic/private`, as `@auth/sveltekit` does it: the secret, each provider's
 * `AUTH_<ID>_*` variables, whether the request's host is trusted (`vite dev`, `AUTH_TRUST_HOST`, `AUTH_URL`, Vercel,
 * Cloudflare Pages, not production), and `AUTH_URL` as the public origin.
 */
import { kit, resetKit } from "./helpers/sveltekit-modules.js"
import { clientAddressHint } from "@gatehousejs/core"
import { decode } from "@gatehousejs/core/jwt"
import GitHub from "@gatehousejs/core/providers/github"
import { beforeEach, describe, expect, it } from "vitest"
import { withSvelteKitDefaults } from "../src/env.js"
import { SvelteKitAuth } from "../src/index.js"
import { alice, SESSION_COOKIE, testConfig } from "./helpers/config.js"
import { Browser, createApp, formAction, type Route } from "./helpers/server.js"

beforeEach(() => resetKit())

const sessionPage: Route = async (event) => Response.json({ session: await event.locals.auth() })
const credentials = { providerId: "credentials", username: alice.username, password: alice.password, redirectTo: "/" }

function app(config = testConfig(), origin?: string): Browser {
  const { handle, signIn } = SvelteKitAuth(config)
  return new Browser(createApp(handle, { "/": sessionPage, "/signin": formAction(signIn) }, { origin }))
}

describe("$env/dynamic/private", () => {
  it("AUTH_SECRET is the secret when the configuration has none", async () => {
    const secret = "a-secret-from-the-environment-0123456789abcdef"
    resetKit({ AUTH_SECRET: secret })
    const browser = app(testConfig({ secret: undefined }))
    await browser.post("/signin", credentials)
    const token = await decode({ token: browser.jar.get(SESSION_COOKIE), secret, salt: SESSION_COOKIE })
    expect(token).toMatchObject({ sub: alice.id, email: alice.email })
  })

  it("AUTH_SECRET_1 is an older secret still accepted, AUTH_SECRET signs (rotation)", async () => {
    const old = "the-previous-secret-from-the-environment-0123456789"
    const signedBefore = app(testConfig({ secret: old }))
    await signedBefore.post("/signin", credentials)

    resetKit({ AUTH_SECRET: "the-new-secret-from-the-environment-0123456789abc", AUTH_SECRET_1: old })
    const browser = app(testConfig({ secret: undefined }))
    browser.jar.set(SESSION_COOKIE, signedBefore.jar.get(SESSION_COOKIE) ?? "")
    expect(await (await browser.get("/")).json()).toMatchObject({ session: { user: { email: alice.email } } })
  })

  it("NODE_ENV=production only in $env: the engine is in production (no secret: its configuration error, no development secret)", async () => {
    resetKit({ NODE_ENV: "production", AUTH_TRUST_HOST: "true" })
    const browser = app(testConfig({ secret: undefined }))
    const response = await browser.get("/auth/session")
    expect(response.status).toBe(500)
  })

  it("AUTH_GITHUB_ID and AUTH_GITHUB_SECRET configure a bare GitHub provider", async () => {
    resetKit({ AUTH_GITHUB_ID: "id-from-env", AUTH_GITHUB_SECRET: "secret-from-env" })
    const browser = app(testConfig({ providers: [GitHub] }))
    const response = await browser.post("/signin", { providerId: "github" })
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("client_id")).toBe("id-from-env")
  })

  it("AUTH_URL's origin is the public one: redirects and URLs use it, X-Forwarded-Host does not count", async () => {
    resetKit({ AUTH_URL: "https://app.example" })
    const browser = app(testConfig({ trustHost: undefined }), "http://127.0.0.1:3000")
    const providers = await browser.get("/auth/providers", { "x-forwarded-host": "evil.example" })
    expect(await providers.json()).toMatchObject({ credentials: { signinUrl: "https://app.example/auth/signin/credentials" } })
    const signIn = await browser.post("/signin", credentials, { "x-forwarded-host": "evil.example" })
    expect(signIn.headers.get("location")).toBe("https://app.example/")
  })

  it("warns when AUTH_URL names another path than the endpoints' (basePath wins), not when it names theirs", async () => {
    for (const [url, warned] of [
      ["https://app.example/api/auth", true],
      ["https://app.example/auth", false],
      ["https://app.example", false],
    ] as const) {
      resetKit({ AUTH_URL: url })
      const warnings: string[] = []
      const browser = app(testConfig({ logger: { error: () => {}, warn: (code) => warnings.push(code), debug: () => {} } }))
      expect((await browser.get("/auth/providers")).status).toBe(200)
      expect(warnings.includes("env-url-basepath-redundant"), url).toBe(warned)
    }
  })
})

describe("trustHost", () => {
  /** The status of `/auth/session` for a configuration that leaves `trustHost` to the environment. */
  async function sessionStatus(): Promise<number> {
    const errors: string[] = []
    const browser = app(testConfig({ trustHost: undefined, logger: { error: (error) => errors.push(error.name), warn: () => {}, debug: () => {} } }))
    const response = await browser.get("/auth/session")
    if (response.status === 500) expect(errors).toContain("UntrustedHost")
    return response.status
  }

  it.each<{ label: string; env: Record<string, string>; dev: boolean; status: number }>([
    { label: "production with nothing set", env: { NODE_ENV: "production" }, dev: false, status: 500 },
    { label: "AUTH_TRUST_HOST=true", env: { NODE_ENV: "production", AUTH_TRUST_HOST: "true" }, dev: false, status: 200 },
    { label: "AUTH_TRUST_HOST=false", env: { NODE_ENV: "production", AUTH_TRUST_HOST: "false" }, dev: false, status: 500 },
    { label: "AUTH_URL set", env: { NODE_ENV: "production", AUTH_URL: "http://localhost:5173" }, dev: false, status: 200 },
    { label: "Cloudflare Pages (CF_PAGES)", env: { NODE_ENV: "production", CF_PAGES: "1" }, dev: false, status: 200 },
    { label: "Vercel (VERCEL)", env: { NODE_ENV: "production", VERCEL: "1" }, dev: false, status: 200 },
    { label: "NODE_ENV other than production", env: { NODE_ENV: "development" }, dev: false, status: 200 },
    { label: "vite dev", env: { NODE_ENV: "production" }, dev: true, status: 200 },
  ])("$label: the endpoints answer $status", async ({ env, dev, status }) => {
    resetKit(env)
    kit.dev = dev
    expect(await sessionStatus()).toBe(status)
  })
})

describe("advice for an unknown client address", () => {
  it("the engine's rate-limit-no-client-address warning leads with what works in SvelteKit (issue 25 item 8)", () => {
    expect(withSvelteKitDefaults(testConfig(), {})[clientAddressHint]).toMatch(/^This SvelteKit adapter gave no client address \(event\.getClientAddress\(\)\): adapter-node/)
  })
})
