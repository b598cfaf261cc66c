/**
 * Where the client finds the Gatehouse endpoints.
 *
 * In the browser every request goes to `basePath` relative to the page (default `/api/auth`; `<SessionProvider
 * basePath>` changes it for the whole page), so the same bundle works behind any host or proxy. Only when this code
 * runs on the server (server-side rendering of a client component) is an absolute URL needed: its origin comes from
 * `NEXTAUTH_URL_INTERNAL`, `AUTH_URL` or `NEXTAUTH_URL`, else `http://localhost:3000`. Prefer `auth()` on the server.
 */

const DEFAULT_BASE_PATH = "/api/auth"

// One per page, like next-auth's `__NEXTAUTH.basePath`: `signIn()` and friends are plain functions, not hooks,
// so they read it here rather than from a React context.
let basePath = DEFAULT_BASE_PATH

/** Sets the base path for every client call on this page (from `<SessionProvider basePath>`). */
export function setBasePath(path: string): void {
  basePath = path.replace(/\/+$/, "")
}

/** The base path, without a trailing slash. */
export function getBasePath(): string {
  return basePath
}

/** The URL of one endpoint: `/api/auth/session` in the browser, absolute on the server. */
export function endpointUrl(action: string): string {
  return `${origin()}${basePath}/${action}`
}

function origin(): string {
  if (typeof window !== "undefined") return ""
  const env = typeof process === "undefined" ? undefined : process.env
  const configured = env?.NEXTAUTH_URL_INTERNAL ?? env?.AUTH_URL ?? env?.NEXTAUTH_URL
  if (!configured) return "http://localhost:3000"
  try {
    return new URL(configured.startsWith("http") ? configured : `https://${configured}`).origin
  } catch {
    return "http://localhost:3000"
  }
}
