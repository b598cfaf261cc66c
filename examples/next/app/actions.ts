"use server"
/**
 * The server actions behind the example's forms. `signIn` and `signOut` write the cookies through `next/headers` and
 * end with `redirect()` (which throws NEXT_REDIRECT: never catch it). A failed sign-in throws an `AuthError`.
 */
import { AuthError, CredentialsSignin } from "@gatehousejs/next"
import { redirect } from "next/navigation"
import { auth, providerList, signIn, signOut, unstable_update } from "@/auth"

/** The sign-in page's forms: `provider` names the form's provider; the other fields go to it (`redirectTo` too). */
export async function signInWith(provider: string, formData: FormData): Promise<void> {
  if (!providerList.some((p) => p.id === provider)) redirect("/signin")
  try {
    await signIn(provider, formData)
  } catch (error) {
    // A wrong password (CredentialsSignin) and every other refused sign-in come back to the sign-in page, with the
    // error type and code, as Gatehouse's own sign-in page shows them. Anything else — NEXT_REDIRECT above all — goes on.
    if (error instanceof AuthError) {
      const search = new URLSearchParams({ error: error.type })
      if (error instanceof CredentialsSignin) search.set("code", error.code)
      const redirectTo = formData.get("redirectTo")
      if (typeof redirectTo === "string" && redirectTo) search.set("callbackUrl", redirectTo)
      redirect(`/signin?${search}`)
    }
    throw error
  }
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" })
}

/** The dashboard's "display name" form: a new name in the session's JWT, through `unstable_update`. */
export async function updateName(formData: FormData): Promise<void> {
  // Server actions are public endpoints: check the session here, not only in the proxy.
  if (!(await auth())) redirect("/signin")
  const name = String(formData.get("name") ?? "").trim()
  if (name) await unstable_update({ user: { name } })
  redirect("/dashboard")
}
