import { connection } from "next/server"
import { Suspense } from "react"
import { LoadingCard } from "@/components/loading-card"
import { listOutbox } from "@/lib/outbox"

/**
 * The example's "mail": every mail whose links have not expired (sign-in links, and the `Password` provider's confirm
 * and reset links), to any address (see lib/outbox.ts). A real app sends
 * the mail instead and has no such page.
 */
export default function Outbox() {
  return (
    <Suspense fallback={<LoadingCard label="Opening the outbox…" />}>
      <OutboxMessages />
    </Suspense>
  )
}

async function OutboxMessages() {
  await connection() // rendered per request, inside <Suspense> (Cache Components): the outbox changes
  const messages = listOutbox()
  return (
    <section className="card">
      <h1>Outbox</h1>
      <p className="muted">The e-mails this example would have sent, newest first. Anyone here can use them.</p>
      {messages.length === 0 ? (
        <p>No messages. Ask for a sign-in link on the sign-in page, or create an account.</p>
      ) : (
        <ul className="outbox">
          {messages.map((message) => (
            <li key={message.id}>
              <span>
                To <strong>{message.to}</strong>: {message.subject}, valid until {message.expires.toISOString().slice(0, 16).replace("T", " ")} UTC
              </span>
              {message.links.map(({ label, href }) => (
                <a key={href} href={href} className="button">
                  {label}
                </a>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
