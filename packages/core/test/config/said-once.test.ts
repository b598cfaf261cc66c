/**
 * A misconfiguration is said once (issue 25 item 8): a configuration error once per logger — once per process with the
 * default one — even when a lazy configuration is a new object on every request; the production-without-AUTH_URL
 * error names the framework's real base path; the `rate-limit-no-client-address` warning leads with the framework
 * package's own advice and is printed once per process.
 */
import { Auth, clientAddressHint, type AuthConfig } from "@gatehousejs/core"
import Credentials from "@gatehousejs/core/providers/credentials"
import { afterEach, describe, expect, it, vi } from "vitest"

const SECRET = "a-test-secret-that-is-long-enough-0123456789"

function app(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    basePath: "/api/auth",
    providers: [Credentials({ credentials: { username: {}, password: { type: "password" } }, authorize: () => null })],
    ...overrides,
  }
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

describe("said once", () => {
  it("production without AUTH_URL: one error for a lazy configuration's many objects, naming the base path the app serves", async () => {
    vi.stubEnv("NODE_ENV", "production")
    const logger = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }
    for (let i = 0; i < 3; i++) {
      const response = await Auth(new Request("https://app.example/api/auth/session"), app({ logger }))
      expect(response.status).toBe(500)
    }
    expect(logger.error).toHaveBeenCalledTimes(1)
    expect(String((logger.error.mock.calls[0]![0] as Error).message)).toContain("Set AUTH_URL to the public URL (e.g. https://app.example.com/api/auth)")
  })

  it("with the default logger, once per process", async () => {
    vi.stubEnv("NODE_ENV", "production")
    const printed = vi.spyOn(console, "error").mockImplementation(() => {})
    vi.spyOn(console, "warn").mockImplementation(() => {})
    for (let i = 0; i < 3; i++) await Auth(new Request("https://app.example/auth/session"), app({ basePath: "/auth", rateLimit: false }))
    const untrusted = printed.mock.calls.filter((call) => call.join(" ").includes("Host must be trusted"))
    expect(untrusted).toHaveLength(1)
    expect(untrusted[0]!.join(" ")).toContain("https://app.example.com/auth)")
  })

  it("an unknown client address: the framework package's advice first, said once for many requests", async () => {
    const logger = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }
    const config = { ...app({ logger, trustHost: true }), [clientAddressHint]: "Frameworks say how to give the address." }
    for (const password of ["one", "two"]) {
      const csrf = await Auth(new Request("https://app.example/api/auth/csrf"), config)
      const { csrfToken } = (await csrf.json()) as { csrfToken: string }
      const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ")
      await Auth(
        new Request("https://app.example/api/auth/callback/credentials", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: "https://app.example" },
          body: new URLSearchParams({ csrfToken, username: "alice", password }),
        }),
        config,
      )
    }
    const warnings = logger.warn.mock.calls.filter(([code]) => code === "rate-limit-no-client-address")
    expect(warnings).toHaveLength(1)
    expect(String(warnings[0]![1])).toBe(
      "Frameworks say how to give the address. Until then per-client rate limits are off; per-identifier and per-address limits still apply.",
    )
  })

  it("two copies of the engine in one process (Next.js's bundles) say a warning once between them", async () => {
    vi.stubEnv("NODE_ENV", "production")
    const logger = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }
    const first = (await import("../../src/auth.js")).Auth
    vi.resetModules()
    const second = (await import("../../src/auth.js")).Auth
    expect(second).not.toBe(first)
    for (const copy of [first, second]) await copy(new Request("https://app.example/api/auth/providers"), app({ logger, trustHost: true }))
    expect(logger.warn.mock.calls.filter(([code]) => code === "rate-limit-memory-store")).toHaveLength(1)
  })
})
