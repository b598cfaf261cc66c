import Link from "next/link"
import { Suspense } from "react"
import { LoadingCard } from "@/components/loading-card"

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}

/**
 * `pages.verifyRequest`: where an e-mail sign-in lands once the link is "sent", and a password sign-up
 * (`?purpose=verify-email`) once the link confirming the address is.
 */
export default function CheckEmail({ searchParams }: Props) {
  // `searchParams` is request data: with Cache Components it is read inside <Suspense>.
  return (
    <Suspense fallback={<LoadingCard label="Loading…" />}>
      <WhatWasSent searchParams={searchParams} />
    </Suspense>
  )
}

async function WhatWasSent({ searchParams }: Props) {
  const { purpose } = await searchParams
  return (
    <section className="card narrow">
      <h1>Check your email</h1>
      {purpose === "verify-email" ? (
        <p>A link to confirm your address is on its way. It works once, for 24 hours, and signs you in.</p>
      ) : (
        <p>A sign-in link is on its way. It works once, for 10 minutes.</p>
      )}
      <p>
        This example sends no mail: the link is in the <Link href="/outbox">outbox</Link>.
      </p>
    </section>
  )
}
