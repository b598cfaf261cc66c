/**
 * `@gatehousejs/next`: Gatehouse for Next.js 15 and 16, a drop-in for `next-auth` v5 — replace
 * `import NextAuth from "next-auth"` with `import NextAuth from "@gatehousejs/next"`.
 *
 * @example
 * // auth.ts
 * import NextAuth from "@gatehousejs/next"
 * import Credentials from "@gatehousejs/core/providers/credentials"
 *
 * export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth({
 *   providers: [Credentials({ authorize })],
 *   callbacks: { authorized: ({ auth }) => Boolean(auth?.user) },
 * })
 *
 * // Session types are augmented as with next-auth:
 * declare module "@gatehousejs/next" {
 *   interface Session { role?: string }
 * }
 */
import { NextAuth } from "./next-auth.js"

export default NextAuth
export { NextAuth }
export type { AppRouteHandlers, NextAuthAuth, NextAuthResult } from "./next-auth.js"
export type { NextAuthCallbacks, NextAuthConfig, NextAuthInput } from "./config.js"
export type { NextAuthHandler, NextAuthRequest } from "./handle-auth.js"
export type { NextSessionFunctions, SignInOptions, SignOutOptions } from "./actions.js"
export type { NextPasswordFunctions, NextPasswordResult } from "./password-actions.js"
export { AuthError, CredentialsSignin, customFetch, SignOutError } from "@gatehousejs/core"
export type { Account, AuthorizationParams, DefaultSession, Profile, Session, User } from "@gatehousejs/core"
