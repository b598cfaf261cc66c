/**
 * `@gatehousejs/solid-start`: Gatehouse for SolidStart, with the API of `@auth/solid-start`: `SolidAuth(config)`
 * returns the `GET` and `POST` handlers of `routes/api/auth/[...solidauth].ts`; `getSession(request, config)` reads
 * the session on the server. The browser's `signIn` and `signOut` are in `@gatehousejs/solid-start/client`.
 */
export { SolidAuth, type SolidAuthEvent, type SolidAuthHandlers } from "./solid-auth.js"
export { getSession, type GetSessionResult } from "./get-session.js"
export type { SolidAuthConfig } from "./config.js"
export { AuthError, CredentialsSignin, customFetch } from "@gatehousejs/core"
export type { Account, DefaultSession, Profile, Session, User } from "@gatehousejs/core"
