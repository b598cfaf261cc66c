import type { PasswordError, PasswordMailPurpose } from "../../passwords/types.js"
import type { ErrorPageParam, SignInPageErrorParam } from "../../types.js"

/**
 * Every piece of text on the built-in pages, for one language. Values are plain text: the renderers escape them.
 * Functions take the parts that vary (a provider name) so that each language can place them where its grammar wants.
 */
export interface Messages {
  signIn: {
    title: string
    heading: string
    /** The label of a provider's button: "Sign in with GitHub". Provider names are brands: never translated. */
    withProvider: (providerName: string) => string
    /**
     * The whole button text for a provider that keeps its factory's English name (`Email`, `Credentials`, `Passkey`),
     * so that the name is translated with the sentence around it. A name from the config is used as given.
     */
    withEmail: string
    withCredentials: string
    withPasskey: string
    emailLabel: string
    emailPlaceholder: string
    /** The word on the divider between the sections of the page. */
    or: string
    /** Shown under the WebAuthn form when the ceremony fails or is cancelled (by its script). */
    webAuthnFailed: string
    /** The WebAuthn form's second button: create a passkey (signed out: for the typed address). */
    webAuthnRegister: string
    /** Shown under the WebAuthn form after a signed-out registration: the address must be proven first (RT-01). */
    webAuthnCheckEmail: string
    /** Shown under the WebAuthn form when the site cannot prove a typed address: sign in, then add a passkey. */
    webAuthnSignInFirst: string
    /** An e-mail sign-in was throttled: try again in `seconds` (whole seconds). */
    tooManyEmails: (seconds: number) => string
    /** Sign-in attempts were rate-limited (too many for this account or from this network): try again in `seconds`. */
    tooManyAttempts: (seconds: number) => string
    /** The message box for `?error=`; unknown values use `default`. */
    errors: Record<SignInPageErrorParam | "default", string>
  }
  signOut: {
    title: string
    heading: string
    question: string
    button: string
  }
  error: {
    title: string
    signInLink: string
    /** The way back from an error page (the Configuration one included): a link to the sign-in page. */
    backToSignIn: string
    /** Heading and paragraphs per documented `?error=` value; anything else uses `default`. */
    pages: Record<ErrorPageParam | "default", { heading: string; paragraphs: readonly string[] }>
  }
  verifyRequest: {
    title: string
    heading: string
    message: string
    /** With `purpose: "verify-email"`: a link to confirm the address of a new account was sent (not a sign-in link). */
    verifyEmailMessage: string
  }
  /**
   * The "Your sessions" page (`GET <base>/sessions` in a browser): where the user is signed in, each other session
   * with a button ending it.
   */
  sessions: {
    title: string
    heading: string
    /** The badge on the session of the browser showing the page. */
    thisDevice: string
    /**
     * A session's device, from its User-Agent: "Firefox on Linux", "Safari on iPhone". Both are brand names, never
     * translated; each language places them where its grammar wants.
     */
    browserOn: (browser: string, os: string) => string
    /** A session whose client sent no User-Agent. */
    unknownDevice: string
    /** The IP address the store recorded for the session. */
    ipAddress: (ip: string) => string
    /** When the session began; `date` is already formatted for the locale and names its time zone ("… UTC"). */
    signedIn: (date: string) => string
    /** When the session was last used; `date` as in `signedIn`. */
    lastActive: (date: string) => string
    /** The button ending one other session (this browser stays signed in). */
    revoke: string
    /** The button ending every session but this one. */
    revokeOthers: string
    /** Shown instead of `revokeOthers` when the current session is the only one. */
    onlySession: string
    /** After a revoke: how many other sessions ended. Uses the language's plural forms (see `plural.ts`). */
    revoked: (count: number) => string
    /** After a revoke of a handle that matched nothing (ended meanwhile, or never this user's). */
    notFound: string
    /**
     * Why the page lists nothing, one text per case (issue 25 item 9). `signedOut`: this browser has no live session
     * (none, expired, or revoked), shown above a `signIn` link that comes back to the page.
     */
    signedOut: string
    /** The link of the signed-out page to the sign-in page. */
    signIn: string
    /**
     * A JWT session the registry could not record: the adapter does not hold the user (a credentials user from another
     * directory, warning `session-not-recorded`), so none of the user's sign-ins is listed or revocable.
     */
    notRecorded: string
    /** The site has no session registry (no adapter or `sessionStore` that can list sessions). Status 501. */
    unsupported: string
    /** The registry could not be reached. Status 503. */
    unavailable: string
    /** The current session is recorded, yet the list is empty: it ended between the check and the listing. */
    empty: string
  }
  /**
   * The pages of the `Password` provider: sign-up, confirming the address, forgot/reset, change. The e-mail label and
   * the way back to sign-in are `signIn.emailLabel` and `error.backToSignIn`.
   */
  password: PasswordPageMessages
  /** The mails of the `Password` provider (`passwords/mail.ts`), one set per purpose. */
  passwordMail: PasswordMailMessages
  /** The link back to the app (the origin of the base URL) on the pages that have one: words, never the host name. */
  backToSite: string
  /** The `alt` text of the site logo from `theme.logo`. */
  logoAlt: string
}

export interface PasswordPageMessages {
  /** The button of the sign-in form of a `Password` provider that keeps its factory's English name. */
  signInButton: string
  passwordLabel: string
  /** The optional name field of the sign-up form (the word "optional" included). */
  nameLabel: string
  currentPasswordLabel: string
  newPasswordLabel: string
  /** The checkbox after the password fields that shows what was typed (revealed by the page's script). */
  showPassword: string
  /** The links under the password provider's sign-in form. */
  forgotLink: string
  signUpLink: string
  /** What is accepted, shown before the user types (NIST SP 800-63B-4 §3.1.1.2). Counts use the plural rules. */
  rules: {
    minLength: (count: number) => string
    maxLength: (count: number) => string
    anyCharacters: string
    refused: string
  }
  signUp: { title: string; heading: string; button: string }
  verifyEmail: {
    title: string
    heading: string
    /** Above the button when the page knows the address (`email` is shown as given, escaped by the renderer). */
    confirmAddress: (email: string) => string
    /** Above the button otherwise. */
    message: string
    button: string
  }
  forgot: {
    title: string
    heading: string
    message: string
    button: string
    /** After the form was sent: the same words for every address (RT-06: the page must not tell who has an account). */
    sent: string
  }
  reset: { title: string; heading: string; button: string }
  change: {
    title: string
    heading: string
    button: string
    /** After a change: every other session was ended. */
    changed: string
  }
  /** Rate-limited, with the wait in whole seconds. */
  tryAgainIn: (seconds: number) => string
  /** One fixed text per `PasswordError` (the raw `?error=` value is never shown); anything else uses `default`. */
  errors: Record<PasswordError | "default", string>
}

/** The words of one mail. `site` is the host name of the site. */
export interface PasswordMailText {
  subject: (site: string) => string
  heading: (site: string) => string
  body: string
  button: string
  footer: string
}

export type PasswordMailMessages = Record<Exclude<PasswordMailPurpose, "account-exists">, PasswordMailText> & {
  /** Someone tried to create an account with this address: sign in (`button`) or reset the password (`resetButton`). */
  "account-exists": PasswordMailText & { resetButton: string }
  /** `duration` is already formatted for the locale ("1 hour", "30 minutes", "2 days"). */
  expires: (duration: string) => string
  /** Before the link written out as text, for a mail client that does not show the button. */
  linkIntro: string
}
