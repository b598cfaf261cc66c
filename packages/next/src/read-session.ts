/**
 * The session of a request, read by the engine as `GET {basePath}/session` answers it — through core's
 * `frameworkEngine().session()`, without an HTTP request — and the cookies that answer sets, as `Set-Cookie` lines.
 * Every `auth()` form ends here.
 */
import { safeErrorName, type AuthConfig, type FrameworkEngine, type Session } from "@gatehousejs/core"
import type { NextRequest } from "next/server.js"

export interface SessionLookup {
  session: Session | null
  /** `Set-Cookie` lines of the answer: a rolled expiry, a refreshed token, or a cleared cookie. */
  setCookies: string[]
}

/**
 * What the engine reads of a browser's request: its cookies, the forwarded host and protocol (honoured by the engine
 * with `trustHost`, so the cookie names match the ones the browser was given), and what a database session or an event
 * may record.
 */
const forwarded = ["cookie", "host", "x-forwarded-host", "x-forwarded-proto", "user-agent", "accept-language"]

/**
 * Looks the session up for `request` (its cookies and host headers; its URL gives the public origin). Fails closed:
 * a broken configuration or a store outage is "signed out" (the engine logs why). Never throws.
 */
export async function readSession(engine: FrameworkEngine<NextRequest | undefined>, request: Request, config: AuthConfig): Promise<SessionLookup> {
  try {
    const { session, headers } = await engine.session(engine.bind(request, config))
    return { session, setCookies: headers.getSetCookie() }
  } catch (error) {
    // The engine answers its own failures with `null`; this is a cookie name no `Set-Cookie` line can carry.
    console.error(`[gatehouse][error] auth() failed with ${safeErrorName(error)}; treated as signed out.`)
    return { session: null, setCookies: [] }
  }
}

/**
 * A body-less request at `origin` carrying what the engine reads of `headers`: for `auth()` in a server component or a
 * server action, which has the incoming headers only.
 */
export function requestFromHeaders(origin: string, headers: Headers): Request {
  const sent = new Headers()
  for (const name of forwarded) {
    const value = headers.get(name)
    if (value) sent.set(name, value)
  }
  return new Request(`${origin}/`, { headers: sent })
}
