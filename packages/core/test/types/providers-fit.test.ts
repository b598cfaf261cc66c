/** Every built-in provider fits in `providers`, bare or called, as users write it. */
import { Gatehouse, type AuthConfig, type Provider } from "@gatehousejs/core"
import { Apple, Credentials, Dropbox, Email, GitHub, GitLab, Google, Kakao, LinkedIn, Strava, VK } from "@gatehousejs/core/providers"
import { describe, expectTypeOf, it } from "vitest"

describe("provider typing", () => {
  it("built-in providers with their own profile types fit in providers, bare or called", () => {
    const config: AuthConfig = {
      providers: [
        GitHub,
        GitHub({ clientId: "x", clientSecret: "y" }),
        Apple({ clientId: "x" }),
        Dropbox,
        GitLab({}),
        Kakao,
        LinkedIn,
        Strava({}),
        Google,
        VK({ clientId: "x" }),
        Credentials({ authorize: () => null }),
        Email({ sendVerificationRequest: () => {} }),
      ],
    }
    expectTypeOf(Gatehouse(config).handlers.GET).toBeFunction()
  })

  it("a provider list maps to configurations as Auth.js's custom sign-in page does: p() compiles for a bare provider", () => {
    const providers: Provider[] = [GitHub, Google, Credentials({ authorize: () => null })]
    const configs = providers.map((provider) => (typeof provider === "function" ? provider() : provider))
    expectTypeOf(configs[0]!.id).toEqualTypeOf<string>()
  })
})
