/**
 * The ten languages of the built-in pages: every locale has every message, and no page in a non-English locale shows
 * a line of the English text (a missing translation falls through to nothing: the test compares with `en`).
 */
import { describe, expect, it } from "vitest"
import { renderError, renderSignIn, renderSignOut, renderVerifyRequest, supportedLocales } from "../../src/pages/index.js"
import type { HtmlPage, Locale, Messages, PageProvider } from "../../src/pages/index.js"
import { messagesFor } from "../../src/pages/locales/index.js"
import { webAuthnPageScripts } from "../../src/webauthn/page-script.js"
import { context, credentials, email, forms, github, keycloak, passkey, tags, text, unescapeHtml } from "./helpers.js"

const expectedLocales = ["en", "ru", "de", "fr", "es", "pt", "zh", "ja", "uk", "tr"]
const signInErrors = [
  "Signin", "OAuthSignin", "OAuthCallbackError", "OAuthCreateAccount", "EmailCreateAccount", "Callback",
  "OAuthAccountNotLinked", "EmailSignin", "CredentialsSignin", "SessionRequired", "MissingCSRF", "SomethingUnknown",
]
const errorPages = ["Configuration", "AccessDenied", "Verification", "SignOutError", "SomethingUnknown", undefined]

/** Every string of a message table, functions called with a sample argument, with its path. */
function flatten(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]]
  if (typeof value === "function") return [[path, String((value as (arg: never) => string)(42 as never))]]
  if (Array.isArray(value)) return value.flatMap((item, i) => flatten(item, `${path}[${i}]`))
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => flatten(item, path ? `${path}.${key}` : key))
  return []
}

function shape(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return typeof value
  if (Array.isArray(value)) return "array"
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, shape((value as Record<string, unknown>)[key])]))
}

/** The text a visitor can see or hear: text nodes, the title, and the attributes a browser or a script shows. */
function visibleTexts(html: string): string[] {
  const shown = ["alt", "placeholder", "title", "aria-label", "data-webauthn-error", "data-webauthn-check-email", "data-webauthn-sign-in-first", "data-webauthn-too-many"]
  const attributes = tags(html).flatMap((tag) => shown.map((name) => tag.attributes[name]).filter((v): v is string => !!v))
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? ""
  const body = html.replace(/<head>[\s\S]*<\/head>/, "").replace(/<script>[\s\S]*?<\/script>/g, "")
  const nodes = body.split(/<[^>]*>/).map((part) => unescapeHtml(part).replace(/\s+/g, " ").trim())
  return [unescapeHtml(title), ...nodes, ...attributes].filter(Boolean)
}

// The passkey form as the factory makes it: its e-mail field's English label is the factory's, not the app's.
const providers: PageProvider[] = [github, keycloak, email, credentials, { ...passkey, formFields: { email: { label: "Email", required: true, autocomplete: "username webauthn" } } }]

function everyPage(locale: Locale): [string, HtmlPage][] {
  const ctx = context({ locale })
  return [
    ["sign-in", renderSignIn(ctx, { providers, webAuthnScripts: webAuthnPageScripts })],
    ...signInErrors.map((error): [string, HtmlPage] => [`sign-in ?error=${error}`, renderSignIn(ctx, { providers, error })]),
    ["sign-in 429", renderSignIn(ctx, { providers, retryAfter: 42 })],
    ["sign-out", renderSignOut(ctx)],
    ...errorPages.map((error): [string, HtmlPage] => [`error ?error=${error}`, renderError(ctx, { error })]),
    ["verify-request", renderVerifyRequest(ctx, {})],
    ["logo", renderSignOut(context({ locale, theme: { colorScheme: "auto", logo: "https://cdn.example/logo.png", brandColor: "", buttonText: "" } }))],
  ]
}

// Words a language shares with English: allowed only where listed, and only as the whole text (the logo's alt text;
// the Spanish error page's title and heading).
const sameInBoth: Partial<Record<Locale, string[]>> = { de: ["Logo"], fr: ["Logo"], tr: ["Logo"], es: ["Error"] }
// Config text the test providers carry, in English on purpose (labels from the config are tested below).
const fromConfig = new Set(["Username", "Password", "jsmith", "GitHub", "Keycloak", "email@example.com"])

describe("locales: the built-in pages in ten languages", () => {
  it("offers exactly en, ru, de, fr, es, pt, zh, ja, uk, tr, English first", () => {
    expect([...supportedLocales].sort()).toEqual([...expectedLocales].sort())
    expect(supportedLocales[0]).toBe("en")
  })

  it.each(expectedLocales)("%s has every message of the English table, none empty", (locale) => {
    const messages = messagesFor(locale as Locale)
    expect(shape(messages)).toEqual(shape(messagesFor("en")))
    for (const [path, value] of flatten(messages)) expect(value.trim(), `${locale}: ${path}`).not.toBe("")
    // The parts that vary are placed by each language, never dropped.
    expect(messages.signIn.withProvider("GitHub")).toContain("GitHub")
    expect(messages.signIn.tooManyEmails(42)).toContain("42")
  })

  it.each(expectedLocales)("%s: the passkey form carries the 429 message with {seconds} where its script puts the wait", (locale) => {
    const html = renderSignIn(context({ locale: locale as Locale }), { providers, webAuthnScripts: webAuthnPageScripts }).html
    const template = unescapeHtml(/data-webauthn-too-many="([^"]*)"/.exec(html)![1]!)
    expect(template.split("{seconds}")).toHaveLength(2)
    expect(template.replace("{seconds}", "42")).toBe(messagesFor(locale as Locale).signIn.tooManyAttempts(42))
  })

  it("a table missing a message does not typecheck (the tables are typed by Messages, the list by Locale)", () => {
    const en = messagesFor("en")
    // @ts-expect-error a locale without `backToSignIn` is not a complete table
    const incomplete: Messages["error"] = { title: "Fehler", signInLink: "Anmelden", pages: en.error.pages }
    // @ts-expect-error "nl" has no file yet: not a Locale
    const unknown: Locale = "nl"
    expect([incomplete.title, unknown]).toHaveLength(2)
  })

  const english = flatten(messagesFor("en")).map(([, value]) => value).filter((value) => !fromConfig.has(value))

  it.each(expectedLocales.filter((l) => l !== "en"))("%s: no page shows English text, and <html lang> is the locale", (code) => {
    const locale = code as Locale
    for (const [name, page] of everyPage(locale)) {
      expect(page.html, name).toContain(`<html lang="${locale}">`)
      for (const shown of visibleTexts(page.html)) {
        if (fromConfig.has(shown) || sameInBoth[locale]?.includes(shown)) continue
        for (const sentence of english) {
          // A whole English message, or an English sentence inside a longer text.
          const leaks = shown === sentence || (sentence.includes(" ") && shown.includes(sentence))
          expect(leaks, `${locale} ${name}: "${shown}" is the English "${sentence}"`).toBe(false)
        }
      }
    }
  })

  it("the English pages really show those texts (the comparison above is not vacuous)", () => {
    const shown = everyPage("en").flatMap(([, page]) => visibleTexts(page.html))
    for (const sentence of ["Sign in with GitHub", "Sign in with Email", "Are you sure you want to sign out?", "Check your email"]) {
      expect(shown).toContain(sentence)
    }
  })

  it("a cancelled sign-in at the provider (OAuthCallbackError) says it was cancelled, not to use another account", () => {
    for (const locale of supportedLocales) {
      const messages: Messages = messagesFor(locale)
      expect(messages.signIn.errors.OAuthCallbackError, locale).not.toBe(messages.signIn.errors.Signin)
    }
    const page = renderSignIn(context(), { providers: [github], error: "OAuthCallbackError" })
    expect(text(page.html)).toMatch(/cancelled/i)
    expect(text(page.html)).not.toMatch(/different account/i)
    // The way to try again is on the page: the provider's button.
    expect(forms(page.html)[0]?.buttons).toEqual(["Sign in with GitHub"])
  })

  it("every locale has a 'back to sign-in' text for the error pages (error.backToSignIn)", () => {
    for (const locale of supportedLocales) expect(messagesFor(locale).error.backToSignIn, locale).toBeTruthy()
    expect(messagesFor("en").error.backToSignIn).toBe("Back to sign-in")
  })
})
