/**
 * The pages of the `Password` provider (sign-up, verify-email, forgot, reset, change), the sign-in page's links for it,
 * and the "check your email" page after a sign-up: forms, fields, the rules shown before typing, fixed error texts,
 * escaping, and every text in all ten languages.
 */
import { Window, type HTMLElement, type HTMLInputElement } from "happy-dom"
import { describe, expect, it } from "vitest"
import type { PasswordError } from "../../src/passwords/types.js"
import { renderSignIn, renderVerifyRequest, supportedLocales } from "../../src/pages/index.js"
import type { HtmlPage, Locale, PageContext, PageProvider } from "../../src/pages/index.js"
import { messagesFor } from "../../src/pages/locales/index.js"
import {
  renderChangePassword,
  renderForgotPassword,
  renderResetPassword,
  renderSignUp,
  renderVerifyEmail,
} from "../../src/pages/password/index.js"
import { showPasswordScript } from "../../src/pages/password/show-password-script.js"
import { baseUrl, callbackUrl, context, credentials, cspDirectives, forms, hidden, nodeSha256Source, tags, text, unescapeHtml } from "./helpers.js"

const rules = { minLength: 15, maxLength: 256 }
const rulesText = "At least 15 characters. At most 256 characters. Any characters, spaces and emoji included. Common and breached passwords are refused."
const errors: PasswordError[] = ["invalid-email", "too-short", "too-long", "breached", "invalid-token", "wrong-password", "rate-limited", "unavailable"]
const hostile = `"><script>alert(1)</script><img src=x onerror=alert(2)>'`

/** Every password page, rendered with `extra` params where the page takes them. */
function everyPage(ctx: PageContext, extra: { error?: PasswordError; retryAfter?: number } = {}): [string, HtmlPage][] {
  return [
    ["sign-up", renderSignUp(ctx, { rules, ...extra })],
    ["verify-email", renderVerifyEmail(ctx, { token: "tok", error: extra.error })],
    ["forgot", renderForgotPassword(ctx, { rules, ...extra })],
    ["reset", renderResetPassword(ctx, { token: "tok", rules, ...extra })],
    ["change", renderChangePassword(ctx, { rules, ...extra })],
  ]
}

function input(html: string, name: string): Record<string, string> {
  const found = forms(html)[0]!.inputs.find((i) => i.attributes.name === name)
  expect(found, `input ${name}`).toBeDefined()
  return found!.attributes
}

function links(html: string): string[] {
  return tags(html).filter((tag) => tag.name === "a").map((a) => a.attributes.href!)
}

describe("password pages: forms", () => {
  it("sign-up posts csrfToken, callbackUrl, email, name and password to <base>/signup/password", () => {
    const page = renderSignUp(context(), { rules })
    expect(page.status).toBe(200)
    const [form, ...rest] = forms(page.html)
    expect(rest).toEqual([])
    expect(form).toMatchObject({ action: `${baseUrl}/signup/password`, method: "post", buttons: ["Create account"] })
    expect(hidden(form!)).toEqual({ csrfToken: "csrf-token-123", callbackUrl })
    const fields = form!.inputs.filter((i) => i.attributes.type !== "hidden" && i.attributes.type !== "checkbox")
    expect(fields.map((i) => i.attributes.name)).toEqual(["email", "name", "password"])
    expect(input(page.html, "email")).toMatchObject({ type: "email", autocomplete: "email" })
    expect(input(page.html, "email")).toHaveProperty("required")
    expect(input(page.html, "name")).toMatchObject({ type: "text", autocomplete: "name" })
    expect(input(page.html, "name")).not.toHaveProperty("required")
    expect(input(page.html, "password")).toMatchObject({
      type: "password", autocomplete: "new-password", minlength: "15", maxlength: "256", "aria-describedby": "password-rules",
    })
    // Every input has its label (the show-password checkbox sits inside its own).
    expect(form!.labels.filter((label) => label.attributes.for).map((label) => label.attributes.for)).toEqual(fields.map((i) => i.attributes.id))
  })

  it("sign-up shows the rules before the password field, and pre-fills e-mail and name", () => {
    const page = renderSignUp(context(), { rules, email: "ann@example.com", name: "Ann" })
    expect(text(page.html)).toContain(rulesText)
    expect(page.html.indexOf('id="password-rules"')).toBeLessThan(page.html.indexOf('name="password"'))
    expect(input(page.html, "email").value).toBe("ann@example.com")
    expect(input(page.html, "name").value).toBe("Ann")
    expect(input(page.html, "password")).not.toHaveProperty("value")
  })

  it("the rules follow the configured lengths", () => {
    const page = renderSignUp(context(), { rules: { minLength: 8, maxLength: 64 } })
    expect(text(page.html)).toContain("At least 8 characters. At most 64 characters.")
    expect(input(page.html, "password")).toMatchObject({ minlength: "8", maxlength: "64" })
  })

  it("verify-email: a button posting csrfToken, token and callbackUrl to <base>/verify-email; the GET consumes nothing", () => {
    const page = renderVerifyEmail(context(), { token: "abc123" })
    expect(page.status).toBe(200)
    const [form, ...rest] = forms(page.html)
    expect(rest).toEqual([])
    expect(form).toMatchObject({ action: `${baseUrl}/verify-email`, method: "post", buttons: ["Confirm your address"] })
    expect(hidden(form!)).toEqual({ csrfToken: "csrf-token-123", token: "abc123", callbackUrl })
    expect(form!.inputs.filter((i) => i.attributes.type !== "hidden")).toEqual([])
    expect(text(page.html)).toContain("Confirm your e-mail address to finish creating your account.")
  })

  it("verify-email names the address when it is given", () => {
    const page = renderVerifyEmail(context(), { token: "abc123", email: "ann@example.com" })
    expect(text(page.html)).toContain("Confirm that ann@example.com is your e-mail address")
  })

  it.each(["", "   "])("verify-email without a token (%j) shows the invalid-token message and no button (400)", (token) => {
    const page = renderVerifyEmail(context(), { token })
    expect(page.status).toBe(400)
    expect(forms(page.html)).toEqual([])
    expect(text(page.html)).toContain("This link is invalid or has expired. Ask for a new one.")
  })

  it("verify-email with an invalid-token error shows no button; with unavailable it keeps the button (503)", () => {
    expect(forms(renderVerifyEmail(context(), { token: "t", error: "invalid-token" }).html)).toEqual([])
    const page = renderVerifyEmail(context(), { token: "t", error: "unavailable" })
    expect(page.status).toBe(503)
    expect(forms(page.html)).toHaveLength(1)
  })

  it("forgot posts csrfToken and email to <base>/password/forgot", () => {
    const page = renderForgotPassword(context(), { email: "ann@example.com" })
    expect(page.status).toBe(200)
    const [form, ...rest] = forms(page.html)
    expect(rest).toEqual([])
    expect(form).toMatchObject({ action: `${baseUrl}/password/forgot`, method: "post", buttons: ["Send reset link"] })
    expect(hidden(form!)).toEqual({ csrfToken: "csrf-token-123" })
    expect(input(page.html, "email")).toMatchObject({ type: "email", autocomplete: "email", value: "ann@example.com" })
    expect(text(page.html)).not.toContain("At least")
    expect(text(renderForgotPassword(context(), { rules }).html)).toContain(rulesText)
  })

  it("forgot after the POST says the same for every address, as a status notice", () => {
    const known = renderForgotPassword(context(), { sent: true })
    const unknown = renderForgotPassword(context(), { sent: true })
    expect(known.status).toBe(200)
    expect(known.html).toBe(unknown.html)
    expect(known.html).toContain('role="status"')
    expect(text(known.html)).toContain("If an account exists for that address, we sent a link to reset the password.")
    expect(text(renderForgotPassword(context(), {}).html)).not.toContain("If an account exists")
  })

  it("reset posts csrfToken, token and password to <base>/password/reset, rules above the field", () => {
    const page = renderResetPassword(context(), { token: "reset-tok", rules })
    expect(page.status).toBe(200)
    const [form, ...rest] = forms(page.html)
    expect(rest).toEqual([])
    expect(form).toMatchObject({ action: `${baseUrl}/password/reset`, method: "post", buttons: ["Save new password"] })
    expect(hidden(form!)).toEqual({ csrfToken: "csrf-token-123", token: "reset-tok" })
    expect(input(page.html, "password")).toMatchObject({ type: "password", autocomplete: "new-password", minlength: "15", maxlength: "256" })
    expect(text(page.html)).toContain(rulesText)
    expect(page.html.indexOf('id="password-rules"')).toBeLessThan(page.html.indexOf('name="password"'))
  })

  it("reset without a token, or with invalid-token, has no form and links to the forgot page (400)", () => {
    for (const page of [renderResetPassword(context(), { token: "", rules }), renderResetPassword(context(), { token: "t", rules, error: "invalid-token" })]) {
      expect(page.status).toBe(400)
      expect(forms(page.html)).toEqual([])
      expect(links(page.html)).toContain(`${baseUrl}/password/forgot`)
    }
  })

  it("change posts csrfToken, currentPassword and newPassword to <base>/password/change", () => {
    const page = renderChangePassword(context(), { rules })
    expect(page.status).toBe(200)
    const [form, ...rest] = forms(page.html)
    expect(rest).toEqual([])
    expect(form).toMatchObject({ action: `${baseUrl}/password/change`, method: "post", buttons: ["Change password"] })
    expect(hidden(form!)).toEqual({ csrfToken: "csrf-token-123" })
    const current = input(page.html, "currentPassword")
    expect(current).toMatchObject({ type: "password", autocomplete: "current-password" })
    // Set under the rules of its day: no length limits on the current password.
    expect(current).not.toHaveProperty("minlength")
    expect(input(page.html, "newPassword")).toMatchObject({ type: "password", autocomplete: "new-password", minlength: "15", maxlength: "256" })
    expect(page.html.indexOf('id="password-rules"')).toBeLessThan(page.html.indexOf('name="newPassword"'))
  })

  it("change, once done, says other devices were signed out instead of showing the form", () => {
    const page = renderChangePassword(context(), { rules, changed: true })
    expect(page.status).toBe(200)
    expect(forms(page.html)).toEqual([])
    expect(text(page.html)).toContain("Password changed; other devices were signed out.")
  })

  it("every page links back to sign-in; sign-up and verify-email carry the callback URL there", () => {
    const withCallback = `${baseUrl}/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`
    for (const [name, page] of everyPage(context())) {
      const expected = name === "sign-up" || name === "verify-email" ? withCallback : `${baseUrl}/signin`
      expect(links(page.html), name).toContain(expected)
      expect(text(page.html), name).toContain("Back to sign-in")
    }
  })

  it("only the pages with a password field carry a script: the show-password one, allowed by its hash alone", () => {
    for (const [name, page] of everyPage(context())) {
      const directives = cspDirectives(page.headers["Content-Security-Policy"]!)
      expect(directives["form-action"], name).toContain("https://app.example")
      const scripts = [...page.html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
      if (name === "forgot" || name === "verify-email") {
        expect(scripts, name).toEqual([])
        expect(directives["script-src"], name).toBeUndefined()
        continue
      }
      expect(scripts, name).toEqual([showPasswordScript])
      expect(directives["script-src"], name).toEqual([nodeSha256Source(showPasswordScript)])
      expect(directives["connect-src"], name).toBeUndefined()
      // The checkbox is hidden until the script runs, and has no name: it is never posted.
      const toggle = tags(page.html).find((tag) => tag.name === "label" && "data-show-password" in tag.attributes)
      expect(toggle?.attributes, name).toHaveProperty("hidden")
      expect(forms(page.html)[0]!.inputs.filter((i) => i.attributes.type === "checkbox").map((i) => i.attributes.name), name).toEqual([undefined])
    }
  })

  it("the show-password checkbox switches every password field of the page between hidden and shown", () => {
    const page = renderChangePassword(context(), { rules })
    const win = new Window({ url: `${baseUrl}/password/change` })
    const { document } = win
    document.body.innerHTML = /<body[^>]*>([\s\S]*)<\/body>/.exec(page.html)![1]!.replace(/<script>[\s\S]*?<\/script>/g, "")
    const box = document.querySelector<HTMLElement>("[data-show-password]")!
    expect(box.hidden).toBe(true)
    new Function("document", showPasswordScript)(document)
    expect(box.hidden).toBe(false)
    const checkbox = box.querySelector<HTMLInputElement>("input")!
    const types = (): string[] => [...document.querySelectorAll<HTMLInputElement>('input[name$="assword"]')].map((i) => i.type)
    expect(types()).toEqual(["password", "password"])
    checkbox.checked = true
    checkbox.dispatchEvent(new win.Event("change"))
    expect(types()).toEqual(["text", "text"])
    checkbox.checked = false
    checkbox.dispatchEvent(new win.Event("change"))
    expect(types()).toEqual(["password", "password"])
    void win.happyDOM.close()
  })
})

describe("password pages: errors", () => {
  const statuses: Record<PasswordError, number> = {
    "invalid-email": 400, "too-short": 400, "too-long": 400, breached: 400, "invalid-token": 400, "wrong-password": 400,
    "rate-limited": 429, unavailable: 503,
  }

  it.each(errors)("%s shows its fixed text in an alert, with its status, on every form page", (error) => {
    const expected = messagesFor("en").password.errors[error]
    for (const [name, page] of everyPage(context(), { error })) {
      expect(page.status, name).toBe(statuses[error])
      expect(page.html, name).toContain('role="alert"')
      expect(text(page.html), name).toContain(expected)
    }
  })

  it("rate-limited with retryAfter says when to try again (429)", () => {
    for (const [name, page] of everyPage(context(), { error: "rate-limited", retryAfter: 42 }).filter(([n]) => n !== "verify-email")) {
      expect(page.status, name).toBe(429)
      expect(text(page.html), name).toContain("Too many attempts. Try again in 42 s.")
    }
  })

  it("an unknown ?error= value shows the generic text, never the value itself", () => {
    const value = `<b>${hostile}</b>`
    const error = value as PasswordError
    for (const [name, page] of everyPage(context(), { error })) {
      expect(page.status, name).toBe(400)
      expect(text(page.html), name).toContain("Something went wrong. Try again.")
      expect(unescapeHtml(page.html), name).not.toContain(value)
      expect(page.html, name).not.toContain("<script>alert")
    }
  })

  // ("breached" and "unavailable" are also words of their messages: the hyphenated codes cannot be.)
  it("the raw error code never appears in the alert", () => {
    for (const error of errors.filter((code) => code.includes("-"))) {
      for (const [name, page] of everyPage(context(), { error })) {
        const alert = /<div class="alert" role="alert">([\s\S]*?)<\/div>/.exec(page.html)?.[1]
        expect(alert, `${name} ${error}`).toBeDefined()
        expect(text(alert!), `${name} ${error}`).not.toContain(error)
      }
    }
  })
})

describe("password pages: escaping", () => {
  it("escapes HTML in a pre-filled e-mail and name, a token, the CSRF token and the callback URL", () => {
    const ctx = context({ csrfToken: hostile, callbackUrl: `https://app.example/?q=${hostile}` })
    const pages = [
      renderSignUp(ctx, { rules, email: hostile, name: hostile }),
      renderVerifyEmail(ctx, { token: hostile, email: hostile }),
      renderForgotPassword(ctx, { email: hostile }),
      renderResetPassword(ctx, { token: hostile, rules }),
      renderChangePassword(ctx, { rules }),
    ]
    for (const page of pages) {
      expect(page.html).not.toContain("<script>alert")
      expect(page.html).not.toContain("<img src=x")
      // No stray tag or attribute: every value stayed inside its quotes; the one script is the show-password one.
      expect(tags(page.html).filter((tag) => tag.name === "img")).toEqual([])
      expect([...page.html.matchAll(/<script>([\s\S]*?)<\/script>/g)].every((match) => match[1] === showPasswordScript)).toBe(true)
      for (const tag of tags(page.html)) expect(Object.keys(tag.attributes)).not.toContain("onerror")
    }
    expect(input(pages[0]!.html, "email").value).toBe(hostile)
    expect(input(pages[0]!.html, "name").value).toBe(hostile)
    expect(hidden(forms(pages[1]!.html)[0]!).token).toBe(hostile)
    expect(text(pages[1]!.html)).toContain(`Confirm that ${hostile} is your e-mail address`)
    expect(hidden(forms(pages[3]!.html)[0]!).token).toBe(hostile)
  })
})

describe("sign-in page: the password provider's links", () => {
  const password: PageProvider = {
    id: "password",
    name: "Password",
    type: "credentials",
    signinUrl: `${baseUrl}/signin/password`,
    callbackUrl: `${baseUrl}/callback/password`,
    credentials: {
      email: { label: "Email", type: "email", autocomplete: "username email", required: true },
      password: { label: "Password", type: "password", autocomplete: "current-password", required: true },
    },
    password: true,
  }
  const signUpUrl = `${baseUrl}/signup?callbackUrl=${encodeURIComponent(callbackUrl)}`

  it("shows 'Forgot your password?' and 'Create an account' (with the callback URL) under a password: true provider", () => {
    const page = renderSignIn(context(), { providers: [password] })
    const [form] = forms(page.html)
    expect(form).toMatchObject({ action: password.callbackUrl, method: "post", buttons: ["Sign in with password"] })
    expect(form!.inputs.filter((i) => i.attributes.type !== "hidden").map((i) => i.attributes.name)).toEqual(["email", "password"])
    expect(links(page.html)).toEqual([`${baseUrl}/password/forgot`, signUpUrl])
    expect(text(page.html)).toContain("Forgot your password? Create an account")
    // The links come after the form.
    expect(page.html.indexOf("/password/forgot")).toBeGreaterThan(page.html.indexOf("</form>"))
  })

  it("shows no such links for another credentials provider", () => {
    const page = renderSignIn(context(), { providers: [credentials] })
    expect(links(page.html)).toEqual([])
    expect(text(page.html)).not.toContain("Forgot your password?")
  })

  it("speaks the page's language: labels, button and links", () => {
    const page = renderSignIn(context({ locale: "de" }), { providers: [password] })
    expect(text(page.html)).toContain("E-Mail-Adresse Passwort")
    expect(forms(page.html)[0]!.buttons).toEqual(["Mit Passwort anmelden"])
    expect(text(page.html)).toContain("Passwort vergessen? Konto erstellen")
  })

  it("keeps a name and labels the app set", () => {
    const custom: PageProvider = { ...password, name: "Acme ID", credentials: { ...password.credentials, password: { label: "Kennwort", type: "password" } } }
    const page = renderSignIn(context({ locale: "de" }), { providers: [custom] })
    expect(forms(page.html)[0]!.buttons).toEqual(["Mit Acme ID anmelden"])
    expect(text(page.html)).toContain("Kennwort")
  })
})

describe("verify-request page after a sign-up", () => {
  it("purpose verify-email says a link to confirm the address was sent, not a sign-in link", () => {
    const page = renderVerifyRequest(context(), { purpose: "verify-email" })
    expect(page.status).toBe(200)
    expect(text(page.html)).toContain("A link to confirm your address has been sent to your email address.")
    expect(text(page.html)).not.toContain("A sign in link")
    expect(text(renderVerifyRequest(context(), {}).html)).toContain("A sign in link has been sent to your email address.")
  })
})

describe("password pages in ten languages", () => {
  const english = messagesFor("en")

  it.each(supportedLocales.filter((l) => l !== "en"))("%s: every heading, title, button and error differs from the English", (locale) => {
    const m = messagesFor(locale).password
    const en = english.password
    const pairs: [string, string, string][] = [
      ["signInButton", m.signInButton, en.signInButton],
      ["passwordLabel", m.passwordLabel, en.passwordLabel],
      ["showPassword", m.showPassword, en.showPassword],
      ["nameLabel", m.nameLabel, en.nameLabel],
      ["forgotLink", m.forgotLink, en.forgotLink],
      ["signUpLink", m.signUpLink, en.signUpLink],
      ["rules.anyCharacters", m.rules.anyCharacters, en.rules.anyCharacters],
      ["rules.refused", m.rules.refused, en.rules.refused],
      ["rules.minLength", m.rules.minLength(15), en.rules.minLength(15)],
      ["verifyRequest.verifyEmailMessage", messagesFor(locale).verifyRequest.verifyEmailMessage, english.verifyRequest.verifyEmailMessage],
      ...(["signUp", "verifyEmail", "forgot", "reset", "change"] as const).flatMap((page): [string, string, string][] => [
        [`${page}.title`, m[page].title, en[page].title],
        [`${page}.heading`, m[page].heading, en[page].heading],
        [`${page}.button`, m[page].button, en[page].button],
      ]),
      ...(Object.keys(en.errors) as (keyof typeof en.errors)[]).map((key): [string, string, string] => [`errors.${key}`, m.errors[key], en.errors[key]]),
    ]
    for (const [path, translated, original] of pairs) {
      expect(translated.trim(), `${locale} ${path}`).not.toBe("")
      expect(translated, `${locale} ${path} is the English text`).not.toBe(original)
    }
  })

  it.each(supportedLocales.filter((l) => l !== "en"))("%s: every mail text differs from the English", (locale) => {
    const m = messagesFor(locale).passwordMail
    const en = english.passwordMail
    for (const purpose of ["verify-email", "reset-password", "account-exists"] as const) {
      for (const key of ["body", "button", "footer"] as const) {
        expect(m[purpose][key].trim(), `${locale} ${purpose}.${key}`).not.toBe("")
        expect(m[purpose][key], `${locale} ${purpose}.${key}`).not.toBe(en[purpose][key])
      }
      expect(m[purpose].subject("app.example")).not.toBe(en[purpose].subject("app.example"))
      expect(m[purpose].subject("app.example")).toContain("app.example")
      expect(m[purpose].heading("app.example")).toContain("app.example")
    }
    expect(m["account-exists"].resetButton).not.toBe(en["account-exists"].resetButton)
    expect(m.linkIntro).not.toBe(en.linkIntro)
    expect(m.expires("1 h")).toContain("1")
  })

  it.each(supportedLocales)("%s: the counts and the wait are placed in the text", (locale) => {
    const m = messagesFor(locale).password
    expect(m.rules.minLength(15)).toContain("15")
    expect(m.rules.maxLength(256)).toContain("256")
    expect(m.tryAgainIn(42)).toContain("42")
    expect(m.verifyEmail.confirmAddress("ann@example.com")).toContain("ann@example.com")
  })

  it("Russian and Ukrainian count characters by their plural rules", () => {
    const ru = messagesFor("ru").password.rules.minLength
    expect([ru(21), ru(22), ru(15)]).toEqual(["Минимум 21 символ.", "Минимум 22 символа.", "Минимум 15 символов."])
    const uk = messagesFor("uk").password.rules.minLength
    expect([uk(21), uk(22), uk(15)]).toEqual(["Щонайменше 21 символ.", "Щонайменше 22 символи.", "Щонайменше 15 символів."])
  })

  /** The text a visitor sees on a page: text nodes, the title and placeholders. */
  function visible(html: string): string[] {
    const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? ""
    const body = html.replace(/<head>[\s\S]*<\/head>/, "")
    const nodes = body.split(/<[^>]*>/).map((part) => unescapeHtml(part).replace(/\s+/g, " ").trim())
    const placeholders = tags(html).map((tag) => tag.attributes.placeholder).filter((v): v is string => !!v)
    return [unescapeHtml(title), ...nodes, ...placeholders].filter(Boolean)
  }

  // The English sentences of the password texts; a page in another language must show none of them.
  const englishTexts = [
    ...Object.values(english.password.errors),
    english.password.rules.anyCharacters,
    english.password.rules.refused,
    english.password.tryAgainIn(42),
    ...(["signUp", "verifyEmail", "forgot", "reset", "change"] as const).flatMap((page) => Object.values(english.password[page]).filter((v): v is string => typeof v === "string")),
    english.password.forgotLink,
    english.password.signUpLink,
    english.password.nameLabel,
    english.password.currentPasswordLabel,
    english.password.newPasswordLabel,
    english.password.showPassword,
  ]
  // The same words in both languages, allowed as the whole text only: the placeholder, and German's "Name (optional)"
  // inside its own label.
  const sameInBoth: Partial<Record<Locale, string[]>> = { de: ["Ihr Name (optional)"] }

  it.each(supportedLocales.filter((l) => l !== "en"))("%s: no password page shows English text, and <html lang> is the locale", (code) => {
    const locale = code as Locale
    const ctx = context({ locale })
    const pages: [string, HtmlPage][] = [
      ...everyPage(ctx),
      ...everyPage(ctx, { error: "rate-limited", retryAfter: 42 }),
      ...errors.flatMap((error) => everyPage(ctx, { error })),
      ["forgot sent", renderForgotPassword(ctx, { rules, sent: true })],
      ["change done", renderChangePassword(ctx, { rules, changed: true })],
      ["verify-email with address", renderVerifyEmail(ctx, { token: "t", email: "ann@example.com" })],
    ]
    for (const [name, page] of pages) {
      expect(page.html, name).toContain(`<html lang="${locale}">`)
      for (const shown of visible(page.html)) {
        if (shown === "email@example.com" || sameInBoth[locale]?.includes(shown)) continue
        for (const sentence of englishTexts) {
          expect(shown === sentence || (sentence.includes(" ") && shown.includes(sentence)), `${locale} ${name}: "${shown}"`).toBe(false)
        }
      }
    }
  })
})
