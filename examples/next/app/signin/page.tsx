import type { Metadata } from "next"
import { Suspense } from "react"
import { providerList } from "@/auth"
import { LoadingCard } from "@/components/loading-card"
import { PasskeySignIn } from "@/components/passkey-sign-in"
import { signInWith } from "../actions"

export const metadata: Metadata = { title: "Sign in · Gatehouse on Next.js" }

// The messages of Gatehouse's (and Auth.js's) own sign-in page, by `?error=`.
const tryAnother = "Try signing in with a different account."
const errorMessages: Record<string, string> = {
  OAuthSignin: tryAnother,
  OAuthCallbackError: tryAnother,
  OAuthCreateAccount: tryAnother,
  EmailCreateAccount: tryAnother,
  Callback: tryAnother,
  CredentialsSignin: "Sign in failed. Check the details you provided are correct.",
  OAuthAccountNotLinked: "To confirm your identity, sign in with the same account you used originally.",
  EmailSignin: "The e-mail could not be sent.",
  AccessDenied: "You do not have permission to sign in.",
  Verification: "The sign in link is no longer valid. It may have been used already or it may have expired.",
}

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}

// Passkeys need the browser's WebAuthn ceremony, so they get a client component instead of a server-action form.
const formProviders = providerList.filter((provider) => provider.type !== "webauthn")
const hasPasskeys = providerList.some((provider) => provider.id === "passkey")

/**
 * The custom sign-in page (`pages.signIn`): one form per provider of auth.ts, each posting to a server action that
 * calls `signIn(provider, formData)` (the password form with links to the `Password` provider's forgot and sign-up
 * pages), then the passkey buttons (`components/passkey-sign-in.tsx`). proxy.ts sends
 * signed-out visitors here with `?callbackUrl=`; a refused sign-in comes back with `?error=`.
 */
export default function SignInPage({ searchParams }: Props) {
  // `searchParams` is request data: with Cache Components it is read inside <Suspense>, not in the page's body.
  return (
    <Suspense fallback={<LoadingCard label="Loading the sign-in options…" />}>
      <SignInForms searchParams={searchParams} />
    </Suspense>
  )
}

async function SignInForms({ searchParams }: Props) {
  const params = await searchParams
  const callbackUrl = first(params.callbackUrl) ?? "/"
  const error = first(params.error)
  return (
    <section className="card narrow">
      <h1>Sign in</h1>
      {error && (
        <p role="alert" className="alert">
          {errorMessages[error] ?? "Unable to sign in. Try again, or use another way to sign in."}
        </p>
      )}
      {formProviders.map((provider, index) => (
        <form key={provider.id} action={signInWith.bind(null, provider.id)} className="stack">
          {index > 0 && <hr />}
          <input type="hidden" name="redirectTo" value={callbackUrl} />
          {provider.type === "email" && (
            <>
              <label htmlFor="email">Email</label>
              <input id="email" name="email" type="email" required autoComplete="email" placeholder="you@example.com" />
            </>
          )}
          {provider.type === "credentials" && (
            <>
              <label htmlFor="password-email">Email</label>
              <input id="password-email" name="email" type="email" required autoComplete="username email" />
              <label htmlFor="password">Password</label>
              <input id="password" name="password" type="password" required autoComplete="current-password" />
            </>
          )}
          <button type="submit">Sign in with {provider.name}</button>
          {provider.type === "credentials" && (
            // The Password provider's own pages: forgot and reset, and sign-up with the link confirming the address.
            <p className="links">
              <a href="/api/auth/password/forgot">Forgot your password?</a>{" "}
              <a href={`/api/auth/signup?${new URLSearchParams({ callbackUrl })}`}>Create an account</a>
            </p>
          )}
        </form>
      ))}
      {hasPasskeys && (
        <div className="stack">
          <hr />
          <PasskeySignIn callbackUrl={callbackUrl} />
        </div>
      )}
    </section>
  )
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}
