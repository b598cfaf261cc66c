"use client"
/**
 * `@gatehousejs/next/react`: the client side of Gatehouse for React and Next.js client components, with the names and
 * behaviour of `next-auth/react` v5 — `SessionProvider`, `useSession`, `signIn`, `signOut`, `getSession`,
 * `getCsrfToken`, `getProviders`. Tabs stay in step over `BroadcastChannel("next-auth")`, next-auth's own protocol.
 *
 * Requests go to `/api/auth/*` relative to the page (`<SessionProvider basePath>` to change it). On the server prefer
 * `auth()`, `signIn` and `signOut` from `@gatehousejs/next`; passkeys sign in with `@gatehousejs/next/webauthn`.
 *
 * @example
 * // app/layout.tsx
 * <SessionProvider session={await auth()}>{children}</SessionProvider>
 * // a client component
 * const { data: session, status } = useSession()
 */
export { SessionContext, SessionProvider } from "./session-provider.js"
export { useSession } from "./use-session.js"
export { getCsrfToken, getProviders, getSession } from "./endpoints.js"
export { signIn } from "./sign-in.js"
export { signOut } from "./sign-out.js"
export type {
  ClientSafeProvider,
  GetSessionParams,
  SessionContextValue,
  SessionProviderProps,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResponse,
  SignOutParams,
  SignOutResponse,
  UpdateSession,
  UseSessionOptions,
} from "./types.js"
