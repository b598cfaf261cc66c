import Link from "next/link"

/** `pages.verifyRequest`: where an e-mail sign-in lands once the link is "sent". */
export default function CheckEmail() {
  return (
    <section className="card narrow">
      <h1>Check your email</h1>
      <p>A sign-in link is on its way. It works once, for 10 minutes.</p>
      <p>
        This example sends no mail: the link is in the <Link href="/outbox">outbox</Link>.
      </p>
    </section>
  )
}
