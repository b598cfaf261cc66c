/**
 * The public types of `@gatehousejs/next/react`, named and shaped as in `next-auth/react` v5 so that code written
 * against next-auth type-checks unchanged.
 */
import type { Session } from "@gatehousejs/core"
import type { ReactNode } from "react"

// Shared with every framework's browser client: declared once, in the client core.
export type {
  ClientSafeProvider,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResponse,
  SignOutParams,
  SignOutResponse,
} from "@gatehousejs/core/client"

export interface GetSessionParams {
  /** Accepted for compatibility with next-auth; not used. */
  event?: "storage" | "timer" | "hidden" | string
  /** Accepted for compatibility with next-auth; not used. */
  triggerEvent?: boolean
  /** Default true: tell other tabs (and the providers of this page) to fetch the session again. */
  broadcast?: boolean
}

export interface UseSessionOptions<R extends boolean> {
  required: R
  /** Called instead of going to the sign-in page when a required session is missing. */
  onUnauthenticated?: () => void
}

/** `update()` fetches the session again; `update(data)` sends `data` to the `jwt`/`session` callbacks (trigger "update"). */
export type UpdateSession = (data?: unknown) => Promise<Session | null>

/** What `useSession()` returns. With `required: true`, `unauthenticated` is reported as `loading` while redirecting. */
export type SessionContextValue<R extends boolean = false> = R extends true
  ? { update: UpdateSession; data: Session; status: "authenticated" } | { update: UpdateSession; data: null; status: "loading" }
  :
      | { update: UpdateSession; data: Session; status: "authenticated" }
      | { update: UpdateSession; data: null; status: "unauthenticated" | "loading" }

export interface SessionProviderProps {
  children: ReactNode
  /**
   * The session the server already has (`await auth()` in a layout, `pageProps.session`): no fetch on mount.
   * `null` counts as known ("signed out"). A new value from the server (after a server action) replaces the state.
   */
  session?: Session | null
  /** Where the Gatehouse route handlers are mounted. Default `/api/auth`. */
  basePath?: string
  /** Seconds between session refetches while signed in. `0` or absent: no polling. */
  refetchInterval?: number
  /** Fetch the session again when the tab becomes visible (only while signed in). Default true. */
  refetchOnWindowFocus?: boolean
  /** `false`: do not poll while `navigator.onLine` is false. */
  refetchWhenOffline?: false
}
