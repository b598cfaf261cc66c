import { auth } from "@/auth"
import { SignIn } from "@/components/auth-components"
import { SessionData } from "@/components/session-data"
import { DEMO_USERS } from "@/lib/users"

/** A server component: the session from `await auth()`. */
export default async function Home() {
  const session = await auth()
  return (
    <section className="card">
      {session?.user ? (
        <h1>
          Signed in as {session.user.name} ({session.user.email})
        </h1>
      ) : (
        <>
          <h1>You are not signed in.</h1>
          <p>
            Sign in with a password ({DEMO_USERS.map(({ email, password }) => `${email} / ${password}`).join(", ")}) on the
            sign-in page, or through the Demo IdP.
          </p>
          <div className="buttons">
            <SignIn>Sign in</SignIn>
            {process.env.AUTH_DEMO_IDP_ISSUER && <SignIn provider="demo-idp">Sign in with Demo IdP</SignIn>}
          </div>
        </>
      )}
      <h2>From the server: auth()</h2>
      <SessionData session={session} />
    </section>
  )
}
