import type { Messages } from "./messages.js"
import { plural } from "./plural.js"

const tryAnotherAccount = "Try signing in with a different account."

/** English: the Auth.js wording, so apps moving from Auth.js see the same pages. */
export const en: Messages = {
  signIn: {
    title: "Sign In",
    heading: "Sign in",
    withProvider: (name) => `Sign in with ${name}`,
    withEmail: "Sign in with Email",
    withCredentials: "Sign in with Credentials",
    withPasskey: "Sign in with Passkey",
    emailLabel: "Email",
    emailPlaceholder: "email@example.com",
    or: "or",
    webAuthnFailed: "Signing in with a passkey did not work. Try again, or use another way to sign in.",
    webAuthnRegister: "Create a passkey",
    webAuthnCheckEmail: "Check your e-mail to finish setting up your passkey: open the link we sent to that address in this browser.",
    webAuthnSignInFirst: "To add a passkey, sign in first, then add a passkey to your account.",
    tooManyEmails: (seconds) => `Too many sign-in e-mails were sent to this address. Try again in ${seconds} s.`,
    tooManyAttempts: (seconds) => `Too many sign-in attempts. Try again in ${seconds} s.`,
    errors: {
      default: "Unable to sign in.",
      Signin: tryAnotherAccount,
      OAuthSignin: tryAnotherAccount,
      // Mostly the visitor pressed "Cancel" at the provider (error=access_denied): another account is not the answer.
      OAuthCallbackError: "Sign-in was cancelled or did not complete. Try again, or choose another way to sign in.",
      OAuthCreateAccount: tryAnotherAccount,
      EmailCreateAccount: tryAnotherAccount,
      Callback: tryAnotherAccount,
      OAuthAccountNotLinked: "To confirm your identity, sign in with the same account you used originally.",
      EmailSignin: "The e-mail could not be sent.",
      CredentialsSignin: "Sign in failed. Check the details you provided are correct.",
      SessionRequired: "Please sign in to access this page.",
      MissingCSRF: "The sign-in form has expired. Reload the page and try again.",
    },
  },
  signOut: {
    title: "Sign Out",
    heading: "Sign out",
    question: "Are you sure you want to sign out?",
    button: "Sign out",
  },
  error: {
    title: "Error",
    signInLink: "Sign in",
    backToSignIn: "Back to sign-in",
    pages: {
      default: { heading: "Error", paragraphs: ["Something went wrong while signing in."] },
      Configuration: {
        heading: "Server error",
        paragraphs: [
          "There is a problem with the server configuration.",
          "Check the server logs for more information.",
        ],
      },
      AccessDenied: { heading: "Access Denied", paragraphs: ["You do not have permission to sign in."] },
      Verification: {
        heading: "Unable to sign in",
        paragraphs: ["The sign in link is no longer valid.", "It may have been used already or it may have expired."],
      },
      // The cookie is gone, so signing out again from this browser cannot help: the text must not suggest it.
      SignOutError: {
        heading: "Sign-out did not complete",
        paragraphs: [
          "This browser is signed out, but the server could not end your session: it stays valid until it expires.",
          "If someone else may be using your account, contact the site's support.",
        ],
      },
    },
  },
  verifyRequest: {
    title: "Verify Request",
    heading: "Check your email",
    message: "A sign in link has been sent to your email address.",
  },
  sessions: {
    title: "Your Sessions",
    heading: "Your sessions",
    thisDevice: "This device",
    browserOn: (browser, os) => `${browser} on ${os}`,
    unknownDevice: "Unknown device",
    ipAddress: (ip) => `IP address ${ip}`,
    signedIn: (date) => `Signed in ${date}`,
    lastActive: (date) => `Last active ${date}`,
    revoke: "Sign out",
    revokeOthers: "Sign out everywhere else",
    onlySession: "This is your only session.",
    revoked: plural("en", {
      one: (n) => `Signed out ${n} other session.`,
      other: (n) => `Signed out ${n} other sessions.`,
    }),
    notFound: "That session was not found.",
    signedOut: "You are not signed in on this device, so there are no sessions to show. Sign in to see everywhere you are signed in.",
    signIn: "Sign in",
    notRecorded: "This site does not record sign-ins to your account (it is managed outside the site), so it cannot list them or sign them out from here. To end a session, sign out on that device.",
    unsupported: "This site does not keep a list of your sign-ins, so there are no sessions to show. To end a session, sign out on that device.",
    unavailable: "Your sessions cannot be shown right now: the site could not reach the store that keeps them. Try again in a moment.",
    empty: "No sessions were found, not even the one on this device: it may have ended just now. Reload the page to check.",
  },
  backToSite: "Back to the site",
  logoAlt: "Logo",
}
