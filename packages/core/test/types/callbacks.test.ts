/**
 * Callback parameters are usable as in Auth.js v5, without casts or checks for the strategy that is not configured:
 * code written for `next-auth@5` compiles unchanged under `strict`.
 */
import type { Account, AuthConfig, JWT, Profile, Session } from "@gatehousejs/core"
import type { AdapterUser } from "@gatehousejs/core/adapters"
import type { JWTCallbackParams, SessionCallbackParams } from "@gatehousejs/core/config/auth-config"
import { describe, expectTypeOf, it } from "vitest"

describe("callback parameter types", () => {
  it("session callback: token (jwt strategy) and user (database strategy) are not possibly undefined", () => {
    expectTypeOf<SessionCallbackParams["token"]>().toEqualTypeOf<JWT>()
    expectTypeOf<SessionCallbackParams["user"]>().toEqualTypeOf<AdapterUser>()
    expectTypeOf<SessionCallbackParams["session"]>().toMatchTypeOf<Session>()
    expectTypeOf<SessionCallbackParams["session"]["user"]>().toMatchTypeOf<AdapterUser>()
    expectTypeOf<SessionCallbackParams["trigger"]>().toEqualTypeOf<"update" | undefined>()
  })

  it("Auth.js's documented callbacks compile unchanged", () => {
    const config: AuthConfig = {
      providers: [],
      callbacks: {
        jwt({ token, user, account, profile, trigger, session }) {
          if (account) token.accessToken = account.access_token
          if (profile) token.login = profile.login
          if (user) token.id = user.id
          if (trigger === "update" && session?.name) token.name = session.name
          return token
        },
        session({ session, token, user, newSession, trigger }) {
          session.user.id = token.sub ?? user.id
          if (trigger === "update" && newSession?.name) session.user.name = newSession.name
          return { ...session, accessToken: token.accessToken }
        },
      },
    }
    expectTypeOf(config).toMatchTypeOf<AuthConfig>()
  })

  it("jwt callback: account, profile and trigger as Auth.js types them", () => {
    expectTypeOf<JWTCallbackParams["account"]>().toEqualTypeOf<Account | null | undefined>()
    expectTypeOf<JWTCallbackParams["profile"]>().toEqualTypeOf<Profile | undefined>()
    expectTypeOf<JWTCallbackParams["trigger"]>().toEqualTypeOf<"signIn" | "signUp" | "update" | undefined>()
  })
})
