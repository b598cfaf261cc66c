"use client"
/**
 * A client component on `useSession()`: the session from the `SessionProvider` of its page, and `update()` sending a
 * new name through the `jwt` callback (`trigger: "update"`), which writes it into the token.
 */
import { useSession } from "@gatehousejs/next/react"
import { useState, type FormEvent } from "react"

export function ClientExample() {
  const { data: session, status, update } = useSession()
  const [name, setName] = useState("")

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (name.trim()) await update({ user: { name: name.trim() } })
  }

  return (
    <section className="card">
      <h1>Client Side Rendering Usage</h1>
      <p data-testid="client-session">
        {status === "loading" && "Loading the session…"}
        {status === "unauthenticated" && "useSession(): not signed in."}
        {status === "authenticated" && `useSession(): signed in as ${session.user.name ?? session.user.email} (${session.user.role}).`}
      </p>
      {status === "authenticated" && (
        <form onSubmit={rename} className="inline-form">
          <label>
            Display name
            <input value={name} onChange={(event) => setName(event.target.value)} placeholder={session.user.name ?? ""} maxLength={60} />
          </label>
          <button type="submit">Update the session</button>
        </form>
      )}
    </section>
  )
}
