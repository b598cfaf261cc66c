// Client components of the same app ("use client"): next-auth/react and next-auth/webauthn.
import { getCsrfToken, getProviders, getSession, SessionProvider, signIn, signOut, useSession } from "@gatehousejs/next/react"
import type { Session } from "@gatehousejs/next"
import { signIn as passkeySignIn } from "@gatehousejs/next/webauthn"
import { createElement, type ReactNode } from "react"
import type { Role } from "./auth.mjs"

export function Providers({ children, session }: { children: ReactNode; session: Session | null }): ReactNode {
  return createElement(SessionProvider, { session, refetchInterval: 300, children })
}

export function useRole(): Role | undefined {
  const { data: session, status, update } = useSession()
  if (status !== "authenticated") return undefined
  void update({ user: { name: "Ada Lovelace" } })
  return session.user.role
}

export async function signInWithPassword(email: string, password: string): Promise<string | undefined> {
  const result = await signIn("credentials", { email, password, redirect: false })
  return result?.error ? `${result.error} (${result.code})` : undefined
}

export async function misc(): Promise<void> {
  await signIn("github", { redirectTo: "/dashboard" }, { prompt: "login" })
  await passkeySignIn("passkey", { action: "register" })
  await signOut({ redirectTo: "/" })
  const [session, csrfToken, providers] = await Promise.all([getSession(), getCsrfToken(), getProviders()])
  console.log(session?.user.role, csrfToken.length, providers?.github?.signinUrl)
}
