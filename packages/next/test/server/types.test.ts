/**
 * The public types as next-auth users write against them (checked by `npm run typecheck`, which compiles this file):
 * `Session` augmentation through the package, every `auth()` form, the server actions' return types, and
 * `authorized` receiving a `NextRequest`.
 */
import type { Session as CoreSession } from "@gatehousejs/core"
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from "next"
import type { NextFetchEvent, NextRequest } from "next/server.js"
import { describe, expectTypeOf, it } from "vitest"
import NextAuth, { type NextAuthConfig, type NextAuthResult, type Session } from "../../src/index.js"
import { testConfig } from "./helpers.js"

declare module "@gatehousejs/next" {
  interface Session {
    /** Added by the application, as with `declare module "next-auth"`. */
    tenantId?: string
  }
}

describe("types", () => {
  it("Session augmented through @gatehousejs/next is the Session auth() returns", () => {
    expectTypeOf<Session["tenantId"]>().toEqualTypeOf<string | undefined>()
    // Merged into the engine's own Session, not a copy of it.
    expectTypeOf<CoreSession["tenantId"]>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Awaited<ReturnType<NextAuthResult["unstable_update"]>>>().toEqualTypeOf<Session | null>()
  })

  it("auth() has every next-auth form", () => {
    const { auth } = NextAuth(testConfig())
    expectTypeOf(auth).toBeCallableWith()
    // Compiled, never called: outside a Next.js request scope `headers()` would reject.
    const _callAuth = () => auth()
    expectTypeOf(_callAuth).returns.resolves.toEqualTypeOf<Session | null>()
    // Middleware / proxy.ts: export { auth as middleware }.
    const middleware: (request: NextRequest, event: NextFetchEvent) => Promise<Response> = auth
    expectTypeOf(middleware).toBeFunction()
    // A route handler with its context.
    const GET = auth((req, ctx: { params: Promise<{ id: string }> }) => {
      expectTypeOf(req.auth).toEqualTypeOf<Session | null>()
      expectTypeOf(req.nextUrl.pathname).toBeString()
      return Response.json({ id: ctx.params })
    })
    expectTypeOf(GET).parameters.toEqualTypeOf<[NextRequest, { params: Promise<{ id: string }> }]>()
    expectTypeOf(auth).toBeCallableWith({} as NextApiRequest, {} as NextApiResponse)
    expectTypeOf(auth).toBeCallableWith({} as GetServerSidePropsContext)
  })

  it("signIn/signOut return never when they redirect, the URL with redirect: false", () => {
    const { signIn, signOut } = NextAuth(testConfig())
    // Compiled, never called: outside a Next.js request scope `headers()` would reject.
    expectTypeOf(() => signIn("credentials", new FormData())).returns.resolves.toBeNever()
    expectTypeOf(() => signIn("credentials", { redirect: false, username: "a" })).returns.resolves.toBeString()
    expectTypeOf(() => signIn("github", undefined, { prompt: "login" })).returns.resolves.toBeNever()
    expectTypeOf(() => signOut()).returns.resolves.toBeNever()
    expectTypeOf(() => signOut({ redirect: false })).returns.resolves.toBeString()
  })

  it("authorized receives a NextRequest and may return a boolean, a Response or nothing", () => {
    const config: NextAuthConfig = {
      providers: [],
      callbacks: {
        authorized: ({ request, auth }) => {
          if (request.nextUrl.pathname === "/") return undefined
          return auth ? true : Response.redirect(new URL("/login", request.url))
        },
      },
    }
    expectTypeOf(NextAuth(config).handlers.GET).parameter(0).toEqualTypeOf<NextRequest>()
    expectTypeOf(NextAuth(() => config)).toEqualTypeOf<NextAuthResult>()
  })
})
