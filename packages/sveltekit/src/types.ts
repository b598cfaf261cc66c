/**
 * The types of `@auth/sveltekit`, name for name: `SvelteKitAuthConfig` (the engine's configuration, without `raw`) and
 * what `handle` puts on `event.locals` (`App.Locals`: `auth`, `getSession`, `signIn`, `signOut`), plus
 * `App.PageData.session` for the layout that returns it.
 */
import type { AuthConfig, ProviderId, Session } from "@gatehousejs/core"

/** Configures {@link SvelteKitAuth}. `basePath` defaults to `{paths.base}/auth`. */
export interface SvelteKitAuthConfig extends Omit<AuthConfig, "raw"> {}

/** What `new URLSearchParams()` takes: the provider's extra authorization parameters (`prompt`, `login_hint`, …). */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams

/** Options of `event.locals.signIn()`: any other key is sent to the provider's sign-in (the credentials, `email`). */
export type SignInOptions<Redirect extends boolean = true> =
  | FormData
  | ({
      /** Where to go after signing in: a path of this site. Default: the `Referer`, else `/`. */
      redirectTo?: string
      /** Default `true`: `redirect()` there (throws SvelteKit's redirect). `false`: resolve to the URL instead. */
      redirect?: Redirect
    } & Record<string, unknown>)

/** Options of `event.locals.signOut()`. */
export interface SignOutOptions<Redirect extends boolean = true> {
  /** Where to go after signing out. Default: the `Referer`, else `/`. */
  redirectTo?: string
  /** Default `true`: `redirect()` there (throws SvelteKit's redirect). `false`: resolve to the URL instead. */
  redirect?: Redirect
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- SvelteKit's App namespace is how an app types locals
  namespace App {
    interface Locals {
      /** The session of this request (`null`: signed out). A renewed or expired session cookie is written. */
      auth(): Promise<Session | null>
      /** @deprecated Use `auth` instead. */
      getSession(): Promise<Session | null>
      /**
       * Signs in from a form action or a server `load`: writes the cookies, then throws SvelteKit's `redirect()` to
       * the provider, the callback URL or the sign-in page; with `redirect: false` resolves to that URL. A refused
       * sign-in throws its `AuthError` (`CredentialsSignin` for wrong credentials).
       */
      signIn: <Redirect extends boolean = true>(
        provider?: ProviderId,
        options?: SignInOptions<Redirect>,
        authorizationParams?: SignInAuthorizationParams,
      ) => Promise<Redirect extends false ? string : never>
      /** Signs out: clears the session cookie, then `redirect()`s, or with `redirect: false` resolves to the URL. */
      signOut: <Redirect extends boolean = true>(options?: SignOutOptions<Redirect>) => Promise<Redirect extends false ? string : never>
    }
    interface PageData {
      session?: Session | null
    }
  }
}
