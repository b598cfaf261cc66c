import { SessionProvider } from "@gatehousejs/next/react"
import { redirect } from "next/navigation"
import { Suspense } from "react"
import { auth } from "@/auth"
import { ClientSession } from "@/components/client-session"
import { LoadingCard } from "@/components/loading-card"
import { signOutAction, updateName } from "../actions"

/** Behind proxy.ts: signed-out visitors never get here. The session is read inside <Suspense> (Cache Components). */
export default function Dashboard() {
  return (
    <Suspense fallback={<LoadingCard label="Reading your session…" />}>
      <DashboardForSession />
    </Suspense>
  )
}

async function DashboardForSession() {
  const session = await auth()
  // For a proxy matcher that misses. proxy.ts has already redirected before any HTML was sent; this one, streamed
  // after the shell, is carried out by the browser.
  if (!session?.user) redirect("/signin?callbackUrl=%2Fdashboard")
  return (
    <SessionProvider session={session}>
      <section className="card">
        <h1>Dashboard</h1>
        <p>
          Hello, <strong data-testid="display-name">{session.user.name ?? session.user.email}</strong>. Only signed-in
          users see this page: <code>proxy.ts</code> sends everyone else to the sign-in page.
        </p>
        <form action={updateName} className="stack">
          <label htmlFor="name">Display name</label>
          <div className="row">
            <input id="name" name="name" type="text" required maxLength={60} defaultValue={session.user.name ?? ""} />
            <button type="submit">Save name</button>
          </div>
          <p className="muted">
            A server action calls <code>unstable_update</code>: the new name goes into the session cookie.
          </p>
        </form>
        <form action={signOutAction}>
          <button type="submit" className="secondary">
            Sign out
          </button>
        </form>
      </section>
      <ClientSession />
    </SessionProvider>
  )
}
