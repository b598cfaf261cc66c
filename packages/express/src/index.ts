/**
 * `@gatehousejs/express`: Gatehouse for Express 4 and 5, with the API of `@auth/express`. `ExpressAuth(config | lazy)`
 * returns the middleware that answers the auth endpoints (`app.use("/auth", ExpressAuth(config))`), and carries the
 * same five names as `NextAuth()` as its properties — `handlers` (the middleware itself), `auth`, `signIn`, `signOut`,
 * `unstable_update` — with the Express `req` and `res` passed where Next.js reads them from context, plus
 * `sessionMiddleware`, which puts the session on `res.locals.session`, and `getCsrfToken(req, res)` for
 * server-rendered forms that post to the endpoints. Providers: `@gatehousejs/express/providers/<id>`.
 *
 * @example
 * import express from "express"
 * import { ExpressAuth } from "@gatehousejs/express"
 * import Credentials from "@gatehousejs/express/providers/credentials"
 *
 * const { handlers, sessionMiddleware } = ExpressAuth({ providers: [Credentials({ authorize })] })
 * const app = express()
 * app.use("/auth", handlers) // before any body parser; basePath follows the mount point
 * app.use(sessionMiddleware)
 * app.get("/", (req, res) => res.send(res.locals.session ? "Hello!" : "Signed out"))
 */
export { ExpressAuth } from "./express-auth.js"
export type {
  ExpressAuthConfig,
  ExpressAuthInput,
  ExpressAuthResult,
  ExpressSignInOptions,
  ExpressSignOutOptions,
} from "./express-auth.js"
export type { ExpressSessionFunctions } from "./session-functions.js"
export type { ExpressPasswordFunctions, ExpressPasswordResult } from "./password-functions.js"
export { getSession } from "./get-session.js"
export type { GetSessionResult } from "./get-session.js"
export { RequestRefused } from "./request-refused.js"
export { AuthError, CredentialsSignin, customFetch, SignOutError } from "@gatehousejs/core"
export type { Account, AuthorizationParams, DefaultSession, Profile, Session, User } from "@gatehousejs/core"
