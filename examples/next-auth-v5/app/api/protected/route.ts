/**
 * An API route wrapped in `auth(…)`: `req.auth` is the session. Signed out, the 401 names the sign-in page, built by
 * `createActionURL` from the request (or AUTH_URL) as Auth.js builds its own endpoint URLs.
 */
import { createActionURL } from "@gatehousejs/core"
import { auth } from "@/auth"

export const GET = auth((req) => {
  if (req.auth) return Response.json({ data: "Protected data", user: req.auth.user })
  const signIn = createActionURL("signin", req.nextUrl.protocol, req.headers, process.env, { basePath: "/api/auth" })
  return Response.json({ message: "Not authenticated", signIn: signIn.href }, { status: 401 })
})
