/**
 * `@gatehousejs/sveltekit`: Gatehouse for SvelteKit 2 (Svelte 5), with the API of `@auth/sveltekit` — `SvelteKitAuth`
 * returning `{ handle, signIn, signOut }`, `event.locals.auth()`, the `SignIn` / `SignOut` components
 * (`/components`), client-side `signIn` / `signOut` (`/client`, `/webauthn`), providers (`/providers/<id>`) and
 * adapter types (`/adapters`). The switch is the package name: `@auth/sveltekit` → `@gatehousejs/sveltekit`.
 */
export { SvelteKitAuth, type SvelteKitAuthResult } from "./sveltekit-auth.js"
export type { SvelteKitAuthInput } from "./engine.js"
export { customFetch } from "@gatehousejs/core"
export { AuthError, CredentialsSignin } from "@gatehousejs/core"
export type { Account, DefaultSession, Profile, Session, User } from "@gatehousejs/core"
export type { SignInAuthorizationParams, SignInOptions, SignOutOptions, SvelteKitAuthConfig } from "./types.js"
