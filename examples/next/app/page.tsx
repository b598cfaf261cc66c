import Link from "next/link"
import { auth } from "@/auth"
import { ClientSession } from "@/components/client-session"
import { signOutAction } from "./actions"

const signedInWith: Record<string, string> = {
  credentials: "You signed in with a password.",
  email: "You signed in with a link sent by e-mail.",
  "demo-idp": "You signed in through the Demo IdP.",
  passkey: "You signed in with a passkey.",
}

/** A server component: the session from `auth()`, read from the request's cookie. */
export default async function Home() {
  const session = await auth()
  if (!session?.user) {
    return (
      <>
        <section className="card">
          <h1>You are not signed in.</h1>
          <p>
            Sign in with a password (<code>alice</code> / <code>wonderland</code> or <code>bob</code> /{" "}
            <code>builder</code>), through the Demo IdP, with a link sent to any e-mail address (it arrives in the{" "}
            <a href="/outbox">outbox</a>), or with a passkey (create one on the sign-in page with any address).
          </p>
          <Link href="/signin" className="button">
            Sign in
          </Link>
        </section>
        <ClientSession />
      </>
    )
  }
  const { name, email } = session.user
  return (
    <>
      <section className="card">
        <h1>Signed in as {name ? `${name} (${email})` : email}</h1>
        <p>{signedInWith[session.provider ?? ""] ?? "You are signed in."}</p>
        <p className="muted">
          Server component: <code>await auth()</code>. The session lasts until{" "}
          {new Date(session.expires).toUTCString()}; each visit moves that forward.
        </p>
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
