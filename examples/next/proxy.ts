/**
 * Runs before the matched routes render: the session from the cookie, `callbacks.authorized` (see auth.ts) applied —
 * signed out on /dashboard means a redirect to the sign-in page with `callbackUrl` — and the session cookie's expiry
 * rolled forward on the response.
 *
 * Next.js 16 runs the proxy on the Node.js runtime (it cannot be configured), so importing auth.ts, adapter and all,
 * is fine; with JWT sessions the proxy never queries the database anyway. (On Next.js 15 with an edge `middleware.ts`,
 * split the adapter-free part of the configuration into an auth.config.ts and build the middleware's own
 * `NextAuth(authConfig)` from it.)
 */
export { auth as proxy } from "@/auth"

export const config = {
  // Only the pages that need a session: the proxy adds work to every request it matches.
  matcher: ["/dashboard/:path*"],
}
