/**
 * `@gatehousejs/hono/react`, as `@hono/auth-js/react`: the React client of an app whose auth endpoints Hono serves.
 * `SessionProvider`, `useSession`, `signIn`, `signOut`, `getSession`, `getCsrfToken` and `getProviders` are Gatehouse's
 * React client, the one of `@gatehousejs/next/react` (install `@gatehousejs/next` and `react` next to this package;
 * the client loads neither Next.js nor any server code). This module adds `@hono/auth-js/react`'s own names:
 * `authConfigManager`, which sets where the endpoints are, and `useOauthPopupLogin`, which signs in in a popup.
 *
 * @example
 * authConfigManager.setConfig({ basePath: "/api/auth" })
 * const App = () => <SessionProvider><Page /></SessionProvider>
 * const Page = () => { const { data: session, status } = useSession(); … }
 */
import { SessionProvider as ClientSessionProvider, signIn, type SessionProviderProps } from "@gatehousejs/next/react"
import { createElement, useCallback, useEffect, useState, type ReactElement } from "react"

export { getCsrfToken, getProviders, getSession, SessionContext, signIn, signOut, useSession } from "@gatehousejs/next/react"
export type {
  ClientSafeProvider,
  GetSessionParams,
  SessionContextValue,
  SessionProviderProps,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResponse,
  SignOutParams,
  SignOutResponse,
  UpdateSession,
  UseSessionOptions,
} from "@gatehousejs/next/react"

/** Where the client sends its requests: `${baseUrl}${basePath}/session`, … */
export interface AuthClientConfig {
  /** The origin of the auth endpoints; `""` (the default) is the page's own. */
  baseUrl: string
  /** Their path; `/api/auth` by default. An absolute URL here sets `baseUrl` too, as in `@hono/auth-js`. */
  basePath: string
  /**
   * The `credentials` of the client's requests. Only `"same-origin"` (the default, what the client sends) is
   * supported; another value is kept but warned about.
   */
  credentials: RequestCredentials
}

class AuthConfigManager {
  private config: AuthClientConfig = { baseUrl: "", basePath: "/api/auth", credentials: "same-origin" }

  /** Merges `userConfig` into the configuration; `<SessionProvider>` applies it to every client call when it renders. */
  setConfig(userConfig: Partial<AuthClientConfig>): void {
    const next = { ...this.config, ...userConfig }
    if (/^https?:\/\//.test(next.basePath)) {
      const url = new URL(next.basePath)
      next.baseUrl = url.origin
      next.basePath = url.pathname
    }
    next.basePath = next.basePath.replace(/\/+$/, "")
    if (next.credentials !== "same-origin") {
      console.warn(`[gatehouse] authConfigManager: credentials "${next.credentials}" is not supported; the client's requests use "same-origin".`)
    }
    this.config = next
  }

  getConfig(): AuthClientConfig {
    return { ...this.config }
  }
}

/** The client's configuration, as `@hono/auth-js/react`'s `authConfigManager`. */
export const authConfigManager = new AuthConfigManager()

/** `SessionProvider` with the endpoints `authConfigManager` names (a `basePath` prop still wins). */
export function SessionProvider(props: SessionProviderProps): ReactElement {
  const { baseUrl, basePath } = authConfigManager.getConfig()
  return createElement(ClientSessionProvider, { ...props, basePath: props.basePath ?? `${baseUrl}${basePath}` })
}

export interface PopupLoginOptions {
  /** Popup size and title: 500 × 500, "Signin" by default. */
  width?: number
  height?: number
  title?: string
  /** Called when the popup reports `{ status: "success" }`. */
  onSuccess?: () => void
  /** Where the provider's callback sends the popup; `/` by default. */
  callbackUrl?: string
}

export interface AuthState {
  status: "loading" | "success" | "errored"
  error?: string
}

export interface LoginState extends AuthState {
  /** Starts the sign-in: asks the server for the provider's URL and opens it in a popup. */
  popUpSignin: () => Promise<void>
}

/**
 * Signs in with an OAuth provider in a popup, as `@hono/auth-js/react`'s hook: `popUpSignin()` opens the provider's
 * page; the page at `callbackUrl` (in the popup, same origin) reports back with
 * `window.opener.postMessage({ status: "success" })` (or `"errored"` and an `error`), which closes the popup.
 */
export function useOauthPopupLogin(provider: Parameters<typeof signIn>[0], options: PopupLoginOptions = {}): LoginState {
  const { width = 500, height = 500, title = "Signin", onSuccess, callbackUrl = "/" } = options
  const [popup, setPopup] = useState<Window | null>(null)
  const [state, setState] = useState<AuthState>({ status: "loading" })

  const popUpSignin = useCallback(async () => {
    const result = await signIn(provider, { redirect: false, callbackUrl })
    if (result.error || !result.url) {
      setState({ status: "errored", error: result.error ?? "ClientFetchError" })
      return
    }
    const left = window.screenX + (window.outerWidth - width) / 2
    const top = window.screenY + (window.outerHeight - height) / 2.5
    setPopup(window.open(result.url, title, `width=${width},height=${height},left=${left},top=${top}`))
  }, [provider, callbackUrl, width, height, title])

  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>): void => {
      if (event.origin !== window.location.origin) return
      const data = event.data as Partial<AuthState> | null
      if (!data || (data.status !== "success" && data.status !== "errored" && data.status !== "loading")) return
      setState({ status: data.status, ...(data.error === undefined ? {} : { error: data.error }) })
      if (data.status === "success") onSuccess?.()
      popup?.close()
    }
    window.addEventListener("message", onMessage)
    return () => {
      window.removeEventListener("message", onMessage)
      popup?.close()
    }
  }, [popup, onSuccess])

  return { popUpSignin, ...state }
}
