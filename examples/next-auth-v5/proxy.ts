/**
 * Next.js 16's `proxy.ts` (`middleware.ts` before it), as the Auth.js docs write it: `auth` runs the `authorized`
 * callback of auth.ts for the matched paths and sends a signed-out visitor of /middleware-example to the sign-in page.
 */
export { auth as proxy } from "@/auth"

export const config = {
  matcher: ["/middleware-example/:path*"],
}
