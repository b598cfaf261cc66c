/**
 * One page's copy of the session (a React `SessionProvider`, a future React Native store): when it fetches, which
 * answer wins, what a failure leaves, and `update()`. The UI framework renders {@link SessionHolderState} and decides
 * when focus, polling and tab messages happen; the rules are here, once.
 *
 * - `mount` fetches only when the server handed over no session (`undefined`; `null` means "signed out");
 * - `focus` and `poll` fetch only while signed in — a sign-in elsewhere arrives as an `announcement`;
 * - answers can arrive out of order: only the answer to the latest request (or `replace`) is applied;
 * - a failed first fetch leaves the page signed out; a later one keeps the last known session, because a 503 from
 *   `/session` means "the store is down", not "signed out" (docs/differences.md row 12);
 * - a successful fetch of its own (not one caused by an announcement) is announced in turn, as next-auth does.
 */
import type { Session } from "../types.js"
import { fetchSession, postSession } from "./endpoints.js"
import type { AuthClient } from "./platform.js"

/** Why the holder fetches: an announcement from elsewhere is not announced again. */
export type SessionRefreshReason = "mount" | "announcement" | "focus" | "poll"

/** What the page renders: `undefined` until the first answer. */
export interface SessionHolderState {
  session: Session | null | undefined
  loading: boolean
}

export interface SessionHolder {
  /** Fetches the session when the rules above say so for `reason`. */
  refresh: (reason: SessionRefreshReason) => Promise<void>
  /** Fetches the session again (`data` absent) or POSTs `data` (the `update` trigger); `null` when it failed. */
  update: (data: unknown) => Promise<Session | null>
  /** A session the server rendered since: it is the truth, and answers still in flight are dropped. */
  replace: (session: Session | null) => void
  /** Answers still in flight are dropped (the holder is unmounted). */
  dropPending: () => void
}

/** What the holder reports to its page and to the others. */
export interface SessionHolderEvents {
  /** The state changed (a new object each time; not called when nothing changed). */
  onChange: (state: SessionHolderState) => void
  /** Tell the other holders and tabs to fetch the session (not this holder: it already knows). */
  announce: () => void
}

/**
 * Creates the holder of a page that starts from `initial` (the session the server handed over, or `undefined`).
 *
 * @example
 * const holder = createSessionHolder(client, props.session, { onChange: setState, announce: () => announce("getSession", self) })
 * useEffect(() => void holder.refresh("mount"), [])
 */
export function createSessionHolder(client: AuthClient, initial: Session | null | undefined, events: SessionHolderEvents): SessionHolder {
  const state: SessionHolderState = { session: initial, loading: initial === undefined }
  let latest = 0
  const set = (next: SessionHolderState): void => {
    if (next.session === state.session && next.loading === state.loading) return
    Object.assign(state, next)
    events.onChange({ ...state })
  }

  return {
    async refresh(reason) {
      if (reason === "mount" && state.session !== undefined) return
      if ((reason === "focus" || reason === "poll") && state.session === null) return
      const request = ++latest
      const result = await fetchSession(client)
      if (request === latest) {
        if (result.ok) set({ session: result.data, loading: false })
        else set({ session: state.session === undefined ? null : state.session, loading: false })
      }
      if (result.ok && reason !== "announcement") events.announce()
    },
    async update(data) {
      set({ session: state.session, loading: true })
      const request = ++latest
      const result = data === undefined ? await fetchSession(client) : await postSession(client, data)
      // A failed update keeps the session it had; the server's `null` means signed out.
      if (request === latest) set({ session: result.ok ? result.data : state.session, loading: false })
      if (!result.ok) return null
      if (result.data) events.announce()
      return result.data
    },
    replace(session) {
      latest++
      set({ session, loading: false })
    },
    dropPending() {
      latest++
    },
  }
}
