import type { Session } from "@gatehousejs/next"

/** A session as the app sees it: who, which role, how they signed in, until when. */
export function SessionData({ session }: { session: Session | null }) {
  if (!session?.user) return <p data-testid="session-data">No session.</p>
  const { name, email, role } = session.user
  return (
    <dl data-testid="session-data" className="session-data">
      <dt>Name</dt>
      <dd>{name ?? "—"}</dd>
      <dt>Email</dt>
      <dd>{email ?? "—"}</dd>
      <dt>Role</dt>
      <dd>{role}</dd>
      <dt>Provider</dt>
      <dd>{session.provider ?? "—"}</dd>
      <dt>Expires</dt>
      <dd>{new Date(session.expires).toUTCString()}</dd>
    </dl>
  )
}
