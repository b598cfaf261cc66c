/**
 * What the client core is given instead of reaching for globals: the browser (or React Native) functions it needs.
 *
 * The core never touches `window`, `document`, `location` or `crypto.subtle`, so one implementation of `signIn`,
 * `signOut` and the session reads serves every framework; each framework's client binds these to its page (style
 * rule "one client, thin bindings").
 */

/** The I/O of a page: requests, its URL, navigation and a console line. */
export interface ClientPlatform {
  /** Sends one request to an endpoint; in a browser `(url, init) => fetch(url, init)`, read when called. */
  fetch: (url: string, init?: RequestInit) => Promise<Response>
  /** The page's URL: the default `redirectTo`, and the base of every relative URL. */
  currentUrl: () => string
  /** Loads `url` (absolute) in place of the page: `location.href = url`. */
  assign: (url: string) => void
  /** Loads the page again: `location.reload()`. */
  reload: () => void
  /** One console line about a request that failed; it never holds a body, a cookie or a CSRF token. */
  log: (line: string) => void
}

/** What a session change sets off beyond this call: the `trigger` of next-auth's tab messages. */
export type SessionTrigger = "signout" | "getSession"

/**
 * How the page and its other tabs learn that the session changed. A client without session state (SvelteKit,
 * SolidStart: the server renders the session) leaves it out.
 */
export interface SessionSync {
  /** Other tabs only: this page is brought up to date by {@link SessionSync.refetchThisPage}. */
  tellOtherTabs: (trigger: SessionTrigger) => void
  /** Every session holder of this page fetches the session; resolves when all have their answer. */
  refetchThisPage: () => Promise<void>
  /** Other tabs and this page's session holders, without waiting for them. */
  announce: (trigger: SessionTrigger) => void
}

/**
 * The browser half of a WebAuthn ceremony (`startRegistration` / `startAuthentication` of `@simplewebauthn/browser`),
 * given the options JSON the server answered; resolves to the response JSON, rejects when cancelled.
 */
export interface WebAuthnBrowser {
  register: (optionsJSON: unknown) => Promise<unknown>
  authenticate: (optionsJSON: unknown) => Promise<unknown>
}

/** One framework's client: its platform, where its endpoints are, and how it keeps its session current. */
export interface AuthClient {
  platform: ClientPlatform
  /** The URL of one endpoint (`"csrf"`, `"callback/credentials"`): `/api/auth/csrf`, relative to the page or absolute. */
  endpoint: (action: string) => string
  /** Absent: nothing to tell after a sign-in or sign-out. */
  sessionSync?: SessionSync
  /** The module whose `signIn` runs the WebAuthn ceremony, named in the error a WebAuthn provider gets from `signIn`. */
  webAuthnModule?: string
}
