import { SessionProvider } from "@gatehousejs/next/react"
import Link from "next/link"
import { Suspense } from "react"
import { auth } from "@/auth"
import { ClientSession } from "@/components/client-session"
import { LoadingCard } from "@/components/loading-card"
import { signOutAction } from "./actions"

const signedInWith: Record<string, string> = {
  password: "You signed in with a password.",
  email: "You signed in with a link sent by e-mail.",
  "demo-idp": "You signed in through the Demo IdP.",
  passkey: "You signed in with a passkey.",
}

/**
 * With Cache Components (next.config.ts), the page itself reads nothing from the request: it is the static shell, and
 * the part that reads the session streams in behind <Suspense>. An `await auth()` in the page's own body would fail
 * `next build`.
 */
export default function Home() {
  return (
    <Suspense fallback={<LoadingCard label="Reading your session…" />}>
      <HomeForSession />
    </Suspense>
  )
}

/** A server component: the session from `auth()`, read from the request's cookie, inside the page's boundary. */
async function HomeForSession() {
  const session = await auth()
  if (!session?.user) {
    return (
      <SessionProvider session={session}>
        <section className="card">
          <h1>You are not signed in.</h1>
          <p>
            Sign in with a password (<code>alice@example.com</code> / <code>down the rabbit hole</code> or{" "}
            <code>bob@example.com</code> / <code>can we fix it yes we can</code>, or{" "}
            <a href="/api/auth/signup">create an account</a>: the link confirming your address arrives in the{" "}
            <a href="/outbox">outbox</a>), through the Demo IdP, with a link sent to any e-mail address (in the outbox
            too), or with a passkey (create one on the sign-in page with any address).
          </p>
          <Link href="/signin" className="button">
            Sign in
          </Link>
        </section>
        <ClientSession />
      </SessionProvider>
    )
  }
  const { name, email } = session.user
  return (
    // Handing the server's session to the provider: the client component starts with it instead of fetching it.
    <SessionProvider session={session}>
      <section className="card">
        <h1>Signed in as {name ? `${name} (${email})` : email}</h1>
        <p>{signedInWith[session.provider ?? ""] ?? "You are signed in."}</p>
        <p className="muted">
          Server component: <code>await auth()</code>, inside <code>&lt;Suspense&gt;</code>. The session lasts until{" "}
          {new Date(session.expires).toUTCString()}; each visit moves that forward.
        </p>
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
