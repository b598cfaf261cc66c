/**
 * What both libraries are given, identically: one secret, `trustHost`, `basePath: "/auth"`, one Credentials
 * provider accepting one password for one fixed user, and requests to an https origin so both use the
 * `__Secure-authjs.session-token` cookie.
 */
import { Auth as GatehouseAuth } from "@gatehousejs/core"
import GatehouseCredentials from "@gatehousejs/core/providers/credentials"
import { Auth as AuthjsAuth } from "@auth/core"
import AuthjsCredentials from "@auth/core/providers/credentials"

export const SECRET = "gatehouse-bench-secret-7f3a9c2e5b1d4f6a8c0e2b4d6f8a0c2e"
export const ORIGIN = "https://app.example"
export const BASE_PATH = "/auth"
export const SESSION_COOKIE = "__Secure-authjs.session-token"
export const PASSWORD = "correct horse battery staple"
export const USER = Object.freeze({ id: "1", name: "Alice", email: "alice@example.com" })
/** The claims Auth.js's default `jwt` callback writes for USER (`picture` is undefined, so absent). */
export const CLAIMS = Object.freeze({ name: USER.name, email: USER.email, sub: USER.id })

/** Options shared by both libraries; `session` is passed through (Auth.js ignores `updateAge` for JWT sessions). */
function options(Credentials, session) {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    ...(session ? { session } : {}),
    providers: [
      Credentials({
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize(credentials) {
          return credentials?.password === PASSWORD ? { ...USER } : null
        },
      }),
    ],
  }
}

/**
 * The two handlers, `(request) => Promise<Response>`, each bound to its own config object made once (as an app
 * does); `session` e.g. `{ updateAge: 0 }`.
 */
export function handlers(session) {
  const gatehouseConfig = options(GatehouseCredentials, session)
  const authjsConfig = options(AuthjsCredentials, session)
  return {
    gatehouse: (request) => GatehouseAuth(request, gatehouseConfig),
    authjs: (request) => AuthjsAuth(request, authjsConfig),
  }
}

export function url(path) {
  return `${ORIGIN}${BASE_PATH}${path}`
}
