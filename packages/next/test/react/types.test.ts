/**
 * The client's types as next-auth/react v5 users write against them, checked by the compiler (`npm run typecheck`)
 * and run as a test: `signIn`'s result depends on `redirect`, `required: true` rules out `unauthenticated`.
 */
import type { Session } from "@gatehousejs/core"
import type { SessionContextValue, SignInResponse, SignOutResponse, signIn, signOut, useSession } from "@gatehousejs/next/react"
import { describe, expectTypeOf, it } from "vitest"

describe("client types", () => {
  it("signIn resolves a SignInResponse only with redirect: false", () => {
    expectTypeOf(callRedirectFalse).returns.resolves.toEqualTypeOf<SignInResponse>()
    expectTypeOf(callDefault).returns.resolves.toEqualTypeOf<void>()
  })

  it("signOut resolves { url } only with redirect: false", () => {
    expectTypeOf(signOutNoRedirect).returns.resolves.toEqualTypeOf<SignOutResponse>()
    expectTypeOf(signOutDefault).returns.resolves.toEqualTypeOf<void>()
  })

  it("useSession({ required: true }) is authenticated with a Session, or loading", () => {
    type Required = ReturnType<typeof useSession<true>>
    expectTypeOf<Required["status"]>().toEqualTypeOf<"authenticated" | "loading">()
    expectTypeOf<Extract<Required, { status: "authenticated" }>["data"]>().toEqualTypeOf<Session>()
    expectTypeOf<SessionContextValue["status"]>().toEqualTypeOf<"authenticated" | "unauthenticated" | "loading">()
  })
})

declare const client: { signIn: typeof signIn; signOut: typeof signOut }
const callRedirectFalse = () => client.signIn("credentials", { username: "alice", redirect: false })
const callDefault = () => client.signIn("github", { redirectTo: "/dashboard" }, { prompt: "consent" })
const signOutNoRedirect = () => client.signOut({ redirect: false })
const signOutDefault = () => client.signOut()
