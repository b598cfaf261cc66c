/**
 * The session of a request, from the engine's session endpoint: an internal `GET {basePath}/session` carrying the
 * request's cookies, answered by `Auth()` exactly as the browser's own request would be. Every `auth()` form ends here.
 */
import { Auth, safeErrorName, type AuthConfig, type Session } from "@gatehousejs/core"

export interface SessionLookup {
  session: Session | null
  /** `Set-Cookie` lines of the answer: a rolled expiry, a refreshed token, or a cleared cookie. */
  setCookies: string[]
}

/**
 * What the endpoint reads of a browser's request: its cookies, the forwarded host and protocol (honoured by the
 * engine with `trustHost`, so the cookie names match the ones the browser was given), and what a database session or
 * an event may record.
 */
const forwarded = ["cookie", "host", "x-forwarded-host", "x-forwarded-proto", "user-agent", "accept-language"]

/**
 * Looks the session up for a request at `origin` with `headers`. `config.basePath` must be set. Fails closed: anything
 * but a 200 with a session object — a broken configuration, a store outage — is "signed out". Never throws.
 */
export async function readSession(origin: string, headers: Headers, config: AuthConfig): Promise<SessionLookup> {
  const sent = new Headers()
  for (const name of forwarded) {
    const value = headers.get(name)
    if (value) sent.set(name, value)
  }
  try {
    const response = await Auth(new Request(`${origin}${config.basePath}/session`, { headers: sent }), config)
    const setCookies = response.headers.getSetCookie()
    if (response.status !== 200) return { session: null, setCookies }
    const body: unknown = await response.json()
    const session = body !== null && typeof body === "object" && Object.keys(body).length ? (body as Session) : null
    return { session, setCookies }
  } catch (error) {
    // `Auth()` answers every failure itself; this is a malformed origin or a body that is not JSON.
    console.error(`[gatehouse][error] auth() failed with ${safeErrorName(error)}; treated as signed out.`)
    return { session: null, setCookies: [] }
  }
}
