/**
 * The route table: every endpoint under `basePath`, each with what it needs before its handler runs (route.ts). A POST
 * gets the CSRF and `Origin` checks unless it names why not; test/pipeline/route-table.test.ts asserts every entry's
 * refusals, so an endpoint added here is covered without a test of its own.
 *
 * Handlers are imported on first use where an app may never need them (style rule 10).
 */
import { callback, credentialsCallbackRoute, webAuthnCallbackRoute } from "../actions/callback/index.js"
import { csrfToken } from "../actions/csrf.js"
import { errorPage, signInPage, signOutPage, verifyRequestPage } from "../actions/pages.js"
import { providers } from "../actions/providers.js"
import { session } from "../actions/session.js"
import { emailSignIn, oauthSignIn, signInAtPage } from "../actions/signin.js"
import { signOut } from "../actions/signout.js"
import type { Route } from "./route.js"

const sessions = () => import("../actions/sessions.js")
const passwords = () => import("../passwords/routes.js")

export const routes: readonly Route[] = [
  { method: "GET", path: "/session", answers: "null", handle: session },
  // Auth.js: an update without a valid token is `400 null`.
  { method: "POST", path: "/session", answers: "null", handle: session },
  { method: "GET", path: "/providers", answers: "json", handle: providers },
  { method: "GET", path: "/csrf", answers: "json", handle: csrfToken },
  { method: "GET", path: "/signin", answers: "redirect", handle: signInPage },
  { method: "POST", path: "/signin", answers: "redirect", handle: signInAtPage },
  { method: "POST", path: "/signin/:provider", providerTypes: ["oauth", "oidc"], budgets: ["oauth"], answers: "redirect", handle: oauthSignIn },
  { method: "POST", path: "/signin/:provider", providerTypes: ["email"], answers: "redirect", handle: emailSignIn },
  // Credentials and WebAuthn sign in at their callback (a form, a browser ceremony): here, as in Auth.js, the page.
  { method: "POST", path: "/signin/:provider", answers: "redirect", handle: signInAtPage },
  { method: "GET", path: "/signout", answers: "redirect", handle: signOutPage },
  { method: "POST", path: "/signout", answers: "redirect", handle: signOut },
  { method: "GET", path: "/callback/:provider", providerTypes: ["oauth", "oidc", "email"], answers: "redirect", handle: callback },
  { method: "POST", path: "/callback/:provider", providerTypes: ["oauth", "oidc"], withoutCsrf: "oauth-provider-posts-back", answers: "redirect", handle: callback },
  { method: "POST", path: "/callback/:provider", providerTypes: ["email"], withoutCsrf: "email-link-carries-its-token", answers: "redirect", handle: callback },
  { method: "POST", path: "/callback/:provider", providerTypes: ["credentials"], answers: "redirect", handle: credentialsCallbackRoute },
  {
    method: "POST",
    path: "/callback/:provider",
    providerTypes: ["webauthn"],
    consumes: "webauthnChallenge",
    budgets: ["webauthn"],
    answers: "redirect",
    handle: webAuthnCallbackRoute,
  },
  { method: "GET", path: "/error", answers: "redirect", handle: (ctx) => errorPage(ctx) },
  { method: "GET", path: "/verify-request", answers: "redirect", handle: verifyRequestPage },
  {
    method: "GET",
    path: "/webauthn-options/:provider",
    providerTypes: ["webauthn"],
    budgets: ["webauthn"],
    answers: "json",
    handle: async (ctx, given) => (await import("../actions/webauthn-options.js")).webAuthnOptions(ctx, given),
  },
  {
    method: "GET",
    path: "/sessions",
    requires: "sessionRegistry",
    signedIn: true,
    answers: "json",
    handle: async (ctx, given) => (await sessions()).listSessionsRoute(ctx, given),
    page: async (ctx, given, refusal) => (await sessions()).sessionsRefusalPage(ctx, given, refusal),
  },
  {
    method: "POST",
    path: "/sessions/revoke",
    requires: "sessionRegistry",
    signedIn: true,
    answers: "json",
    handle: async (ctx, given) => (await sessions()).revokeSessionsRoute(ctx, given),
    page: async (ctx, given, refusal) => (await sessions()).sessionsRefusalPage(ctx, given, refusal),
  },
  // The `Password` provider (docs/passwords.md): pages, and form posts answered by redirects or pages — JSON to a
  // client that asks for it. Without a `Password` provider each is `UnknownAction`.
  ...passwordEntries([
    { method: "GET", path: "/signup", handle: "signUpPage" },
    { method: "POST", path: "/signup/:provider", providerTypes: ["credentials"], budgets: ["signUp"], handle: "signUp" },
    { method: "GET", path: "/verify-email", handle: "verifyEmailPage" },
    { method: "POST", path: "/verify-email", budgets: ["verifyEmail"], handle: "verifyEmail" },
    { method: "GET", path: "/password/forgot", handle: "forgotPage" },
    { method: "POST", path: "/password/forgot", budgets: ["passwordReset"], handle: "forgotPassword" },
    { method: "GET", path: "/password/reset", handle: "resetPage" },
    { method: "POST", path: "/password/reset", budgets: ["passwordReset"], handle: "resetPassword" },
    { method: "GET", path: "/password/change", signedIn: true, handle: "changePage" },
    { method: "POST", path: "/password/change", signedIn: true, requires: "sessionRegistry", handle: "changePassword" },
  ]),
]

type PasswordHandlers = typeof import("../passwords/routes.js")

/** The `Password` entries: each answers JSON when asked, else pages (its refusals too: passwords/refusal-page.ts). */
function passwordEntries(entries: (Omit<Route, "answers" | "handle" | "page"> & { handle: Exclude<keyof PasswordHandlers, "refusalPage"> })[]): Route[] {
  return entries.map(({ handle, ...entry }) => ({
    ...entry,
    answers: "json",
    jsonWhenAsked: true,
    handle: async (ctx, given) => (await passwords())[handle](ctx, given),
    page: async (ctx, given, refusal) => (await passwords()).refusalPage(ctx, given, refusal),
  }))
}
