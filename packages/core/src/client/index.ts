/**
 * `@gatehousejs/core/client`: the browser client of every framework package, once — CSRF token, sign-in by provider
 * type, sign-out, the WebAuthn ceremony and the session reads, with next-auth/react v5's requests and results.
 *
 * It holds no globals: each framework binds an {@link AuthClient} (its `fetch`, the page's location, its tab sync,
 * `@simplewebauthn/browser`) and passes it to these functions, so a client without a DOM (React Native) can too.
 * Nothing here is loaded by `@gatehousejs/core` itself.
 *
 * @example
 * const client: AuthClient = {
 *   platform: { fetch: (url, init) => fetch(url, init), currentUrl: () => location.href, assign: (url) => location.assign(url), reload: () => location.reload(), log: console.error },
 *   endpoint: (action) => `/api/auth/${action}`,
 * }
 * const result = await signIn(client, "credentials", { username, password, redirect: false }, undefined)
 */
export type { AuthClient, ClientPlatform, SessionSync, SessionTrigger, WebAuthnBrowser } from "./platform.js"
export type { FetchResult } from "./fetch-json.js"
export type { ClientSafeProvider, SignInAuthorizationParams, SignInOptions, SignInResponse, SignOutParams, SignOutResponse } from "./types.js"
export { CLIENT_FETCH_ERROR, WEBAUTHN_CEREMONY_ERROR } from "./types.js"
export { fetchSession, getCsrfToken, getProviders, getSession, postSession } from "./endpoints.js"
export { navigate } from "./navigate.js"
export { signIn } from "./sign-in.js"
export { signOut } from "./sign-out.js"
export { signInWithWebAuthn } from "./webauthn.js"
export { createSessionHolder, type SessionHolder, type SessionHolderEvents, type SessionHolderState, type SessionRefreshReason } from "./session-holder.js"
