import Link from "next/link"
import { auth } from "@/auth"
import { SignIn, SignOut } from "./auth-components"

/** The site header: the pages, and who is signed in (a server component: `await auth()`). */
export async function Header() {
  const session = await auth()
  return (
    <header className="site-header">
      <Link href="/" className="brand">
        next-auth v5 app <span>on Gatehouse</span>
      </Link>
      <nav aria-label="Main">
        <Link href="/">Home</Link>
        <Link href="/client-example">Client Example</Link>
        <Link href="/middleware-example">Middleware Example</Link>
        <Link href="/api-example">API Example</Link>
      </nav>
      <div className="account">
        {session?.user ? (
          <>
            <span data-testid="header-user">{session.user.name ?? session.user.email}</span>
            <SignOut />
          </>
        ) : (
          <SignIn>Sign in</SignIn>
        )}
      </div>
    </header>
  )
}
