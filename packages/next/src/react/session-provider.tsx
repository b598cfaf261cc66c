"use client"
/**
 * `<SessionProvider>`: the session state of a page, shared with `useSession()` through {@link SessionContext}.
 *
 * When it fetches (`GET <basePath>/session`):
 * - on mount, unless the server handed it a `session` (then it starts `authenticated`/`unauthenticated`, no request);
 * - when another tab (Gatehouse or next-auth) or another provider of this page announces a change;
 * - when the tab becomes visible again (`refetchOnWindowFocus`, default true) and every `refetchInterval` seconds,
 *   both only while signed in — a sign-in elsewhere arrives as an announcement;
 * - after `signIn`/`signOut` with `redirect: false`, and on `update()`.
 * Its own fetches (not those caused by an announcement) are announced in turn, as next-auth does.
 *
 * A failed fetch never throws: the first one leaves the page `unauthenticated`; a later one keeps the last known
 * session, because a 503 from `/session` means "the store is down", not "signed out" (docs/differences.md).
 */
import type { Session } from "@gatehousejs/core"
import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from "react"
import { setBasePath } from "./client-config.js"
import { fetchSession, postSession } from "./endpoints.js"
import { announce, join, type Member } from "./tab-sync.js"
import type { SessionContextValue, SessionProviderProps, UpdateSession } from "./types.js"
import { useOnline } from "./use-online.js"

/** The context `useSession()` reads; exported as in next-auth for code that reads it directly. */
export const SessionContext = createContext<SessionContextValue | undefined>(undefined)

/** Why the provider fetches: an announcement from elsewhere is not announced again. */
type Reason = "mount" | "announcement" | "focus" | "poll"

/**
 * Makes the session available to `useSession()` below it and keeps it current.
 *
 * @example
 * // app/layout.tsx (a server component): no loading state on the first render
 * <SessionProvider session={await auth()}>{children}</SessionProvider>
 */
export function SessionProvider(props: SessionProviderProps): ReactElement {
  const { children, basePath, refetchInterval, refetchOnWindowFocus = true, refetchWhenOffline } = props
  // Set while rendering, not in an effect: children's effects run first and may already call getSession().
  if (basePath) setBasePath(basePath)

  const [session, setSession] = useState<Session | null | undefined>(props.session)
  const [loading, setLoading] = useState(props.session === undefined)
  // The latest state for callbacks that outlive a render (tab messages, timers).
  const current = useRef(props.session)
  // Answers can arrive out of order; only the answer to the latest request is applied.
  const latest = useRef(0)

  const apply = useCallback((next: Session | null): void => {
    current.current = next
    setSession(next)
  }, [])

  const sync = useCallback(
    async (reason: Reason, member: Member): Promise<void> => {
      const known = current.current
      if (reason === "mount" && known !== undefined) return
      if ((reason === "focus" || reason === "poll") && known === null) return
      const request = ++latest.current
      const result = await fetchSession()
      if (request === latest.current) {
        if (result.ok) apply(result.data)
        else if (current.current === undefined) apply(null)
        setLoading(false)
      }
      if (result.ok && reason !== "announcement") announce("getSession", member)
    },
    [apply],
  )

  // This provider as a member of the page's tab sync; `sync` reads refs only, so the closure never goes stale.
  const [member] = useState<Member>(() => {
    const self: Member = { refetch: () => sync("announcement", self) }
    return self
  })
  useEffect(() => {
    const leave = join(member)
    void sync("mount", member)
    return () => {
      leave()
      latest.current++
    }
  }, [member, sync])

  // A new `session` prop from the server (a server action re-rendered the layout) is the truth; next-auth ignores it.
  const initial = useRef(props.session)
  useEffect(() => {
    if (props.session === undefined || props.session === initial.current) return
    initial.current = props.session
    latest.current++
    apply(props.session)
    setLoading(false)
  }, [props.session, apply])

  useEffect(() => {
    if (!refetchOnWindowFocus) return
    const onVisibility = (): void => {
      if (document.visibilityState === "visible") void sync("focus", member)
    }
    document.addEventListener("visibilitychange", onVisibility)
    return () => document.removeEventListener("visibilitychange", onVisibility)
  }, [refetchOnWindowFocus, member, sync])

  const online = useOnline()
  const poll = refetchInterval !== undefined && refetchInterval > 0 && (refetchWhenOffline !== false || online)
  useEffect(() => {
    if (!poll) return
    const timer = setInterval(() => void sync("poll", member), refetchInterval * 1000)
    return () => clearInterval(timer)
  }, [poll, refetchInterval, member, sync])

  const update = useCallback<UpdateSession>(
    async (data) => {
      if (loading) return null
      setLoading(true)
      const request = ++latest.current
      const result = data === undefined ? await fetchSession() : await postSession(data)
      if (request === latest.current) {
        // A failed update keeps the session it had; the server's `null` means signed out.
        if (result.ok) apply(result.data)
        setLoading(false)
      }
      if (!result.ok) return null
      if (result.data) announce("getSession", member)
      return result.data
    },
    [loading, apply, member],
  )

  const value = useMemo(
    () =>
      (session
        ? { data: session, status: loading ? "loading" : "authenticated", update }
        : { data: null, status: loading ? "loading" : "unauthenticated", update }) as SessionContextValue,
    [session, loading, update],
  )

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}
