"use client"
/**
 * `useSession({ required, onUnauthenticated })`: the session of the nearest `<SessionProvider>`.
 */
import { useContext, useEffect } from "react"
import { getBasePath } from "./client-config.js"
import { SessionContext } from "./session-provider.js"
import type { SessionContextValue, UseSessionOptions } from "./types.js"

/**
 * Returns `{ data, status, update }`. With `required: true`, a missing session calls `onUnauthenticated`, or by
 * default sends the browser to `<basePath>/signin?error=SessionRequired&callbackUrl=<this page>`; meanwhile the
 * status reads `loading`, so the page never renders its signed-in content without a session.
 *
 * @example
 * const { data: session, status, update } = useSession({ required: true })
 * if (status === "loading") return <Spinner />
 * return <p>Signed in as {session.user?.email}</p>
 */
export function useSession<R extends boolean = false>(options?: UseSessionOptions<R>): SessionContextValue<R> {
  const value = useContext(SessionContext)
  if (!value) throw new Error("[gatehouse]: `useSession` must be wrapped in a <SessionProvider />")

  const { required, onUnauthenticated } = options ?? {}
  const redirecting = Boolean(required) && value.status === "unauthenticated"

  useEffect(() => {
    if (!redirecting) return
    if (onUnauthenticated) {
      onUnauthenticated()
      return
    }
    const query = new URLSearchParams({ error: "SessionRequired", callbackUrl: window.location.href })
    window.location.href = `${getBasePath()}/signin?${query}`
  }, [redirecting, onUnauthenticated])

  if (redirecting) return { data: null, update: value.update, status: "loading" }
  return value as SessionContextValue<R>
}
