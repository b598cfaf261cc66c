import { redirect } from "next/navigation"
import { auth } from "@/auth"
import { ClientSession } from "@/components/client-session"
import { signOutAction, updateName } from "../actions"

/** Behind proxy.ts: signed-out visitors never get here. The check below covers a proxy matcher that misses. */
export default async function Dashboard() {
  const session = await auth()
  if (!session?.user) redirect("/signin?callbackUrl=%2Fdashboard")
  return (
    <>
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
    </>
  )
}
