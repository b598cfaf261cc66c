/** The static shell's placeholder while a <Suspense> boundary waits for the request (the session, the outbox). */
export function LoadingCard({ label }: { label: string }) {
  return (
    <section className="card" aria-busy="true">
      <p className="muted">{label}</p>
    </section>
  )
}
