/**
 * `platformEnv`: a framework package hands the engine its platform's environment (a Worker's bindings, SvelteKit's
 * `$env/dynamic/private`), read on top of `process.env` — so production, `AUTH_URL` and the secret found only there
 * count as if they were in `process.env`.
 */
import { Auth, platformEnv, type AuthConfig } from "@gatehousejs/core"
import { describe, expect, it, vi } from "vitest"
import { credentialsProvider } from "../helpers/auth.js"

const quiet = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }

function config(env: Record<string, string | undefined>): AuthConfig {
  return { providers: [credentialsProvider()], trustHost: true, logger: quiet, [platformEnv]: env }
}

describe("platformEnv", () => {
  it("NODE_ENV=production only in the platform's environment: no development secret, the configuration error instead", async () => {
    const response = await Auth(new Request("https://app.example/auth/session"), config({ NODE_ENV: "production" }))
    expect(response.status).toBe(500)
    expect(quiet.error).toHaveBeenCalledWith(expect.objectContaining({ type: "MissingSecret" }))
  })

  it("AUTH_SECRET and AUTH_URL from the platform's environment are used", async () => {
    const env = { NODE_ENV: "production", AUTH_SECRET: "a-platform-secret-that-is-long-enough-0123456789", AUTH_URL: "https://public.example/auth" }
    const response = await Auth(new Request("http://10.0.0.5:8787/auth/providers"), config(env))
    expect(response.status).toBe(200)
    const providers = (await response.json()) as Record<string, { signinUrl: string }>
    expect(providers.credentials!.signinUrl).toBe("https://public.example/auth/signin/credentials")
  })

  it("without it, process.env alone decides (no production here: a development secret)", async () => {
    const response = await Auth(new Request("https://app.example/auth/session"), { providers: [credentialsProvider()], trustHost: true, logger: quiet })
    expect(response.status).toBe(200)
  })
})
