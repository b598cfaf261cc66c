"use client"
/**
 * Passkeys on the custom sign-in page: the WebAuthn ceremony runs in the browser, so this is a client component
 * calling `signIn("passkey", …)` of `@gatehousejs/next/webauthn` rather than a server action.
 *
 * - "Sign in with a passkey" sends no address: the options allow any passkey of this site, and the browser offers
 *   the ones it holds (they are discoverable), so the passkey itself names the user.
 * - "Create a passkey" registers one for the address typed (`action: "register"`, `email`). Signed out, a typed
 *   address proves nothing, so Gatehouse creates no user yet: the passkey waits in this browser while a sign-in link
 *   goes to the address, and opening that link here finishes it (the passkey then belongs to the address's user, new
 *   or existing). The answer is the "check your email" page (`pages.verifyRequest`), so this component says so in
 *   place. Signed in, the passkey is added to the account at once.
 *
 * Both ask for `redirect: false` so that a cancelled or refused ceremony can be explained here; on success the page
 * is loaded again at the callback URL, so that server components and the proxy see the new session cookie.
 */
import { WEBAUTHN_CEREMONY_ERROR, signIn } from "@gatehousejs/next/webauthn"
import Link from "next/link"
import { useState, type FormEvent } from "react"

type Ceremony = "authenticate" | "register"

const failures: Record<Ceremony, string> = {
  authenticate: "No passkey was used: the browser's prompt was closed, timed out, or found no passkey for this site.",
  register: "No passkey was created: the prompt was closed or timed out.",
}

/** Gatehouse's answer to a signed-out registration: the check-your-email page of the link it sent (`?type=email`). */
function awaitsEmail(url: string): boolean {
  return new URL(url, window.location.href).searchParams.get("type") === "email"
}

export function PasskeySignIn({ callbackUrl }: { callbackUrl: string }) {
  const [problem, setProblem] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [busy, setBusy] = useState(false)

  async function run(ceremony: Ceremony, fields: { action?: "register"; email?: string }): Promise<void> {
    setBusy(true)
    setProblem(null)
    setPending(false)
    const result = await signIn("passkey", { ...fields, redirectTo: callbackUrl, redirect: false })
    if (result.ok && result.url && ceremony === "register" && awaitsEmail(result.url)) {
      setBusy(false)
      setPending(true)
      return
    }
    if (result.ok && result.url) {
      window.location.assign(result.url)
      return
    }
    setBusy(false)
    setProblem(result.error === WEBAUTHN_CEREMONY_ERROR ? failures[ceremony] : "Sign in with a passkey failed. Try again, or use another way to sign in.")
  }

  function register(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get("email") ?? "")
    void run("register", { action: "register", email })
  }

  return (
    <>
      {problem && (
        <p role="alert" className="alert">
          {problem}
        </p>
      )}
      {pending && (
        <p role="status" data-testid="passkey-pending">
          Check your e-mail to finish setting up your passkey: open the link in this browser. (This example sends no
          mail: the link is in the <Link href="/outbox">outbox</Link>.)
        </p>
      )}
      <button type="button" onClick={() => void run("authenticate", {})} disabled={busy}>
        Sign in with a passkey
      </button>
      <form onSubmit={register} className="stack">
        <label htmlFor="passkey-email">New here? Your e-mail for a new passkey</label>
        <input id="passkey-email" name="email" type="email" required autoComplete="email" placeholder="you@example.com" />
        <button type="submit" className="secondary" disabled={busy}>
          Create a passkey
        </button>
      </form>
    </>
  )
}
