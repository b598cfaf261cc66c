import { auth } from "@/auth"
import { SessionData } from "@/components/session-data"

/** Guarded by proxy.ts (the `authorized` callback): only signed-in visitors reach it. */
export default async function MiddlewareExample() {
  const session = await auth()
  return (
    <section className="card">
      <h1>Middleware Example</h1>
      <p>This page is protected by proxy.ts: signed out, the proxy sends you to the sign-in page.</p>
      <SessionData session={session} />
    </section>
  )
}
