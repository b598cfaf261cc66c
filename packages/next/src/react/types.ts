/**
 * The public types of `@gatehousejs/next/react`, named and shaped as in `next-auth/react` v5 so that code written
 * against next-auth type-checks unchanged.
 */
import type { ProviderId, ProviderType, Session } from "@gatehousejs/core"
import type { ReactNode } from "react"

/** One entry of `GET <basePath>/providers`: what the browser may know about a provider. */
export interface ClientSafeProvider {
  id: ProviderId
  name: string
  type: ProviderType
  signinUrl: string
  callbackUrl: string
}

/** Query parameters passed on to the provider's authorization URL (`prompt`, `login_hint`, …). */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams

/** Options of the client `signIn`; any other key is sent as a form field (credentials, `email`, …). */
export interface SignInOptions<Redirect extends boolean = true> extends Record<string, unknown> {
  /** @deprecated Use `redirectTo` instead. */
  callbackUrl?: string
  /** Where to go after signing in. Default: the current page. */
  redirectTo?: string
  /** `false`: stay on the page and resolve to a {@link SignInResponse} (e.g. to show a credentials error inline). */
  redirect?: Redirect
}

/** What `signIn(…, { redirect: false })` resolves to. */
export interface SignInResponse {
  /** The Auth.js error type from the answer's `?error=` (`CredentialsSignin`, `AccessDenied`, …), or `ClientFetchError`. */
  error: string | undefined
  /** The `?code=` of a `CredentialsSignin` (`credentials` unless the app set another). */
  code: string | undefined
  status: number
  ok: boolean
  /** Where the server would have sent the browser; `null` when there is an error. */
  url: string | null
}

export interface SignOutParams<Redirect extends boolean = true> {
  /** @deprecated Use `redirectTo` instead. */
  callbackUrl?: string
  /** Where to go after signing out. Default: the current page. */
  redirectTo?: string
  /** `false`: stay on the page; `useSession()` turns `unauthenticated` and the call resolves to `{ url }`. */
  redirect?: Redirect
}

export interface SignOutResponse {
  url: string
}

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
