/**
 * `@gatehousejs/qwik`: Gatehouse for Qwik City 1.x, with the API of `@auth/qwik`: `QwikAuth$(config | lazy)` returns
 * `{ onRequest, useSession, useSignIn, useSignOut }` for `src/routes/plugin@auth.ts`; the session of each request is
 * on `event.sharedMap.get("session")`. Endpoints answer under `/auth`.
 */
import { customFetch as engineCustomFetch, type Session } from "@gatehousejs/core"
import { isServer } from "@builder.io/qwik/build"

export { QwikAuth$, QwikAuthQrl, type QwikAuthResult } from "./qwik-auth.js"
export { setEnvDefaults, type QwikAuthConfig, type QwikAuthConfigInput } from "./config.js"
export type { AuthActionFailure, SignInInput, SignOutInput } from "./actions.js"
export { AuthError, CredentialsSignin } from "@gatehousejs/core"
export type { Account, DefaultSession, Profile, Session, User } from "@gatehousejs/core"

/** The engine's `customFetch` symbol on the server (a provider's `[customFetch]` option); `undefined` in the browser. */
export const customFetch: typeof engineCustomFetch | undefined = isServer ? engineCustomFetch : undefined

/** `@auth/qwik`'s type of its (internal) session lookup, kept for code that names it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- `@auth/qwik`'s declared type
export type GetSessionResult = Promise<{ data: Session | null; cookie: any }>
