/**
 * `@gatehousejs/hono`: Gatehouse for Hono 4, with the API of `@hono/auth-js` (`initAuthConfig`, `authHandler`,
 * `verifyAuth`, `getAuthUser`, `c.get("authUser")`, `setEnvDefaults`, `reqWithEnvUrl`), plus Gatehouse's server
 * functions as helpers taking `c`: `getAccessToken`, the session registry, and the `Password` provider's `signUp`,
 * `requestPasswordReset`, `resetPassword` and `changePassword`.
 */
export { authHandler, getAuthUser, initAuthConfig, verifyAuth } from "./middleware.js"
export { reqWithEnvUrl, setEnvDefaults } from "./env.js"
export { getAccessToken, listSessions, revokeOtherSessions, revokeSession, revokeUserSessions } from "./server-functions.js"
export { changePassword, requestPasswordReset, resetPassword, signUp, type HonoPasswordResult } from "./password-functions.js"
export type { AuthConfig, AuthEnv, AuthUser, ConfigHandler } from "./types.js"
