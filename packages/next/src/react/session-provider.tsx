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
 * These rules are the client core's session holder (`createSessionHolder` of `@gatehousejs/core/client`); this
 * component binds it to React state, the page's events and the tab sync.
 */
import type { Session } from "@gatehousejs/core"
import { createSessionHolder, type SessionHolder, type SessionHolderState } from "@gatehousejs/core/client"
import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from "react"
import { setBasePath } from "./client-config.js"
import { client } from "./client-binding.js"
import { announce, join, type Member } from "./tab-sync.js"
import type { SessionContextValue, SessionProviderProps, UpdateSession } from "./types.js"
import { useOnline } from "./use-online.js"

/** The context `useSession()` reads; exported as in next-auth for code that reads it directly. */
export const SessionContext = createContext<SessionContextValue | undefined>(undefined)

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

  const [{ session, loading }, setState] = useState<SessionHolderState>({ session: props.session, loading: props.session === undefined })
  // This provider's session holder, and the same provider as a member of the page's tab sync.
  const [{ holder, member }] = useState((): { holder: SessionHolder; member: Member } => {
    const member: Member = { refetch: () => holder.refresh("announcement") }
    const holder = createSessionHolder(client, props.session, { onChange: setState, announce: () => announce("getSession", member) })
    return { holder, member }
  })

  useEffect(() => {
    const leave = join(member)
    void holder.refresh("mount")
    return () => {
      leave()
      holder.dropPending()
    }
  }, [holder, member])

  // A new `session` prop from the server (a server action re-rendered the layout) is the truth; next-auth ignores it.
  const initial = useRef<Session | null | undefined>(props.session)
  useEffect(() => {
    if (props.session === undefined || props.session === initial.current) return
    initial.current = props.session
    holder.replace(props.session)
  }, [props.session, holder])

  useEffect(() => {
    if (!refetchOnWindowFocus) return
    const onVisibility = (): void => {
      if (document.visibilityState === "visible") void holder.refresh("focus")
    }
    document.addEventListener("visibilitychange", onVisibility)
    return () => document.removeEventListener("visibilitychange", onVisibility)
  }, [refetchOnWindowFocus, holder])

  const online = useOnline()
  const poll = refetchInterval !== undefined && refetchInterval > 0 && (refetchWhenOffline !== false || online)
  useEffect(() => {
    if (!poll) return
    const timer = setInterval(() => void holder.refresh("poll"), refetchInterval * 1000)
    return () => clearInterval(timer)
  }, [poll, refetchInterval, holder])

  // next-auth ignores `update()` while loading, judged by what this render shows.
  const update = useCallback<UpdateSession>(async (data) => (loading ? null : holder.update(data)), [loading, holder])

  const value = useMemo(
    () =>
      (session
        ? { data: session, status: loading ? "loading" : "authenticated", update }
        : { data: null, status: loading ? "loading" : "unauthenticated", update }) as SessionContextValue,
    [session, loading, update],
  )

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}
