"use client"
/** Calls the protected API route (`auth(…)`-wrapped) from the browser and shows its answer. */
import { useEffect, useState } from "react"

export default function ApiExample() {
  const [answer, setAnswer] = useState<string>("Loading…")
  useEffect(() => {
    fetch("/api/protected")
      .then(async (response) => setAnswer(`${response.status} ${JSON.stringify(await response.json(), null, 2)}`))
      .catch((error: unknown) => setAnswer(`The request failed: ${String(error)}`))
  }, [])
  return (
    <section className="card">
      <h1>API Example</h1>
      <p>
        <code>GET /api/protected</code>, a route handler wrapped in <code>auth()</code>:
      </p>
      <pre data-testid="api-answer">{answer}</pre>
    </section>
  )
}
