"use client"
/**
 * A client component reading the session with `useSession()`: the same session the server components show. The page
 * puts it under a `SessionProvider` primed with the server's `auth()` (read inside the page's <Suspense> boundary), so
 * there is no loading flash.
 */
import { useSession } from "@gatehousejs/next/react"

export function ClientSession() {
  const { data: session, status } = useSession()
  return (
    <section className="card" aria-labelledby="client-session-title">
      <h2 id="client-session-title">In the browser: useSession()</h2>
      <p data-testid="client-session">
        {status === "loading" && "Loading the session…"}
        {status === "unauthenticated" && "Client component: not signed in."}
        {status === "authenticated" && `Client component: signed in as ${describe(session?.user)}.`}
      </p>
    </section>
  )
}

function describe(user: { name?: string | null; email?: string | null } | undefined): string {
  if (user?.name && user.email) return `${user.name} (${user.email})`
  return user?.name ?? user?.email ?? "someone without a name or e-mail"
}
