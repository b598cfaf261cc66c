/**
 * Issue 25 item 8: an `AUTH_URL` (or `NEXTAUTH_URL`) that is not an absolute http(s) URL — `localhost:4830` without a
 * scheme, a bare host, another scheme — is a configuration error that says what to write, found at start and logged
 * once, instead of being ignored (redirects then went to paths built from the bad value). A valid one is unchanged.
 */
import { Auth, type AuthConfig } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import { afterEach, describe, expect, it, vi } from "vitest"
import { resolveConfig } from "../../src/config/resolve.js"

afterEach(() => vi.unstubAllEnvs())

function config(): AuthConfig {
  return { secret: "a-test-secret-that-is-long-enough-0123456789", providers: [Credentials({ authorize: () => null })], logger: { error: vi.fn(), warn: vi.fn(), debug: vi.fn() } }
}

describe("AUTH_URL must be an absolute http(s) URL", () => {
  for (const [name, value] of [
    ["AUTH_URL", "localhost:4830"],
    ["AUTH_URL", "app.example.com/auth"],
    ["NEXTAUTH_URL", "localhost:3000"],
    ["AUTH_URL", "ftp://app.example/auth"],
  ] as const) {
    it(`${name}=${value}: a configuration error naming the variable and the form to use, logged once`, async () => {
      vi.stubEnv("AUTH_URL", "")
      vi.stubEnv("NEXTAUTH_URL", "")
      vi.stubEnv(name, value)
      const app = config()
      const message = resolveConfig(app).configError?.message ?? ""
      expect(message).toContain(name)
      expect(message).toMatch(/absolute URL starting with http:\/\/ or https:\/\//)
      if (value === "localhost:4830") expect(message).toContain("for example http://localhost:4830.")
      for (let i = 0; i < 2; i++) {
        const response = await Auth(new Request("http://localhost:4830/auth/signin"), app)
        expect(response.status).toBe(500)
      }
      expect(app.logger!.error).toHaveBeenCalledTimes(1)
    })
  }

  it("a valid AUTH_URL is no problem", () => {
    vi.stubEnv("AUTH_URL", "http://localhost:4830/auth")
    expect(resolveConfig(config()).configError).toBeUndefined()
  })
})
