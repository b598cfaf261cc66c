/**
 * Sign-in and sign-out buttons as server-action forms (the pattern of the Auth.js docs): `signIn(provider)` starts
 * that provider's sign-in, `signIn()` without one opens the built-in sign-in page; both end in a redirect.
 */
import type { ReactNode } from "react"
import { signIn, signOut } from "@/auth"

export function SignIn({ provider, children }: { provider?: string; children: ReactNode }) {
  return (
    <form
      action={async () => {
        "use server"
        await signIn(provider)
      }}
    >
      <button type="submit">{children}</button>
    </form>
  )
}

export function SignOut() {
  return (
    <form
      action={async () => {
        "use server"
        await signOut({ redirectTo: "/" })
      }}
    >
      <button type="submit" className="secondary">
        Sign out
      </button>
    </form>
  )
}
