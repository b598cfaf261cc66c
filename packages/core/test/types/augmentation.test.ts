/**
 * Types of the spec, checked by the compiler (`npm run typecheck` compiles this file) and run as a test.
 * Module augmentation works as users do it with Auth.js.
 */
import type {
  Account,
  AuthConfig,
  DefaultSession,
  JWT,
  OAuthProviderButtonStyles,
  Profile,
  ProviderId,
  ProviderType,
  Session,
  User,
} from "@gatehousejs/core"
import type { JWT as JwtModuleJWT } from "@gatehousejs/core/jwt"
import { describe, expectTypeOf, it } from "vitest"

declare module "@gatehousejs/core/types" {
  interface Session {
    accessToken?: string
  }
  interface User {
    role?: "admin" | "member"
  }
  interface JWT {
    tenant?: string
  }
}

describe("spec types", () => {
  it("User has optional id and nullable name, email, image", () => {
    expectTypeOf<User["id"]>().toEqualTypeOf<string | undefined>()
    expectTypeOf<User["name"]>().toEqualTypeOf<string | null | undefined>()
    expectTypeOf<User["email"]>().toEqualTypeOf<string | null | undefined>()
    expectTypeOf<User["image"]>().toEqualTypeOf<string | null | undefined>()
  })

  it("Session has a required expires string and an optional user", () => {
    expectTypeOf<DefaultSession["expires"]>().toEqualTypeOf<string>()
    expectTypeOf<DefaultSession["user"]>().toEqualTypeOf<User | undefined>()
  })

  it("Account: provider, providerAccountId, type required; token fields optional; token_type lower-case", () => {
    expectTypeOf<Account["provider"]>().toEqualTypeOf<string>()
    expectTypeOf<Account["providerAccountId"]>().toEqualTypeOf<string>()
    expectTypeOf<Account["type"]>().toEqualTypeOf<ProviderType>()
    expectTypeOf<Account["expires_at"]>().toEqualTypeOf<number | undefined>()
    expectTypeOf<Account["token_type"]>().toEqualTypeOf<Lowercase<string> | undefined>()
    expectTypeOf<Account["userId"]>().toEqualTypeOf<string | undefined>()
  })

  it("Profile has the OIDC standard claims including address", () => {
    expectTypeOf<Profile["email_verified"]>().toEqualTypeOf<boolean | null | undefined>()
    expectTypeOf<Profile["updated_at"]>().toEqualTypeOf<Date | number | string | null | undefined>()
    expectTypeOf<NonNullable<Profile["address"]>["postal_code"]>().toEqualTypeOf<string | null | undefined>()
  })

  it("ProviderType and ProviderId", () => {
    expectTypeOf<"oidc">().toMatchTypeOf<ProviderType>()
    expectTypeOf<"credentials">().toMatchTypeOf<ProviderType>()
    expectTypeOf<"my-provider">().toMatchTypeOf<ProviderId>()
  })

  it("button styles: bg and text exist (deprecated) beside brandColor and logo", () => {
    expectTypeOf<OAuthProviderButtonStyles>().toHaveProperty("brandColor")
    expectTypeOf<OAuthProviderButtonStyles>().toHaveProperty("bg")
    expectTypeOf<OAuthProviderButtonStyles>().toHaveProperty("text")
  })

  it("augmented fields appear on Session, User and JWT wherever they are imported from", () => {
    expectTypeOf<Session["accessToken"]>().toEqualTypeOf<string | undefined>()
    expectTypeOf<User["role"]>().toEqualTypeOf<"admin" | "member" | undefined>()
    expectTypeOf<JWT["tenant"]>().toEqualTypeOf<string | undefined>()
    expectTypeOf<JwtModuleJWT["tenant"]>().toEqualTypeOf<string | undefined>()
  })

  it("callbacks see the augmented types", () => {
    const config: AuthConfig = {
      providers: [],
      callbacks: {
        jwt: ({ token, user }) => ({ ...token, tenant: user?.role === "admin" ? "root" : token.tenant }),
        session: ({ session }) => ({ ...session, accessToken: "x" }),
      },
    }
    expectTypeOf(config).toMatchTypeOf<AuthConfig>()
  })
})
