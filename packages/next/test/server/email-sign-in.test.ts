/**
 * `signIn("<email provider>")` in a server action when the magic link cannot be sent: as next-auth, it resolves to a
 * page URL instead of rejecting (Auth.js's raw engine answers a failed send with a redirect, not a thrown error), and
 * that URL is where the endpoint sends a browser: the sign-in page with `error=EmailSignin` (docs/differences.md
 * row 145).
 */
import type { Adapter, VerificationToken } from "@gatehousejs/core"
import { Email } from "@gatehousejs/core/providers"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth, { type NextAuthConfig } from "../../src/index.js"
import { ORIGIN, redirectOf, testConfig } from "./helpers.js"
import { enterScope } from "./next-scope.js"

vi.mock("next/headers.js", async () => (await import("./next-scope.js")).nextHeaders)

beforeEach(() => {
  enterScope()
})
afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

function mailAdapter(): Adapter {
  const tokens: VerificationToken[] = []
  return {
    getUserByEmail: async () => null,
    createVerificationToken: async (token) => (tokens.push(token), token),
    useVerificationToken: async () => null,
  }
}

function emailConfig(send: () => Promise<void>, overrides: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return testConfig({
    adapter: mailAdapter(),
    providers: [Email({ sendVerificationRequest: send })],
    logger: { error: vi.fn(), warn: vi.fn(), debug: vi.fn() },
    ...overrides,
  })
}

const failingSend = async (): Promise<void> => {
  throw new Error("SMTP connection refused")
}

describe("signIn(<email provider>) whose mail cannot be sent", () => {
  it("redirect: false resolves to the sign-in page with error=EmailSignin, as the endpoint redirects", async () => {
    const { signIn } = NextAuth(emailConfig(failingSend))
    await expect(signIn("email", { email: "ada@example.com", redirect: false })).resolves.toBe(`${ORIGIN}/api/auth/signin?error=EmailSignin`)
  })

  it("the app's own sign-in page is used when it has one", async () => {
    const { signIn } = NextAuth(emailConfig(failingSend, { pages: { signIn: "/login" } }))
    await expect(signIn("email", { email: "ada@example.com", redirect: false })).resolves.toBe(`${ORIGIN}/login?error=EmailSignin`)
  })

  it("with the default redirect, redirect() goes there (NEXT_REDIRECT), no rejection with an AuthError", async () => {
    const { signIn } = NextAuth(emailConfig(failingSend))
    expect(await redirectOf(signIn("email", { email: "ada@example.com" }))).toBe(`${ORIGIN}/api/auth/signin?error=EmailSignin`)
  })

  it("the failure is logged by the engine, with the provider's message", async () => {
    const config = emailConfig(failingSend)
    const { signIn } = NextAuth(config)
    await signIn("email", { email: "ada@example.com", redirect: false })
    const logged = (config.logger!.error as ReturnType<typeof vi.fn>).mock.calls.map(([error]) => error as Error)
    expect(logged.map((e) => `${e.name}: ${e.message}`)).toEqual(["EmailSignInError: SMTP connection refused"])
  })

  it("a mail that is sent still resolves to the verify-request page", async () => {
    const { signIn } = NextAuth(emailConfig(async () => undefined))
    await expect(signIn("email", { email: "ada@example.com", redirect: false })).resolves.toBe(
      `${ORIGIN}/api/auth/verify-request?provider=email&type=email`,
    )
  })
})
