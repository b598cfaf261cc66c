import { describe, expect, it } from "vitest"
import { renderSignIn } from "../../src/pages/index.js"
import type { PageProvider } from "../../src/pages/index.js"
import {
  baseUrl,
  callbackUrl,
  context,
  credentials,
  email,
  forms,
  github,
  hidden,
  keycloak,
  passkey,
  styleContent,
  tags,
  text,
} from "./helpers.js"

const hiddenFields = { csrfToken: "csrf-token-123", callbackUrl }

describe("sign-in page", () => {
  it("has an OAuth/OIDC button per provider posting to its signinUrl with the CSRF token and callback URL", () => {
    const page = renderSignIn(context(), { providers: [github, keycloak] })
    expect(page.status).toBe(200)
    const [first, second, ...rest] = forms(page.html)
    expect(rest).toEqual([])
    expect(first).toMatchObject({ action: github.signinUrl, method: "post", buttons: ["Sign in with GitHub"] })
    expect(second).toMatchObject({ action: keycloak.signinUrl, method: "post", buttons: ["Sign in with Keycloak"] })
    expect(hidden(first!)).toEqual(hiddenFields)
    expect(hidden(second!)).toEqual(hiddenFields)
    expect(first!.html).toMatch(/<button type="submit"/)
  })

  it("has an e-mail form: a labelled required e-mail input, pre-filled from ?email=", () => {
    const page = renderSignIn(context(), { providers: [email], email: "ann@example.com" })
    const [form] = forms(page.html)
    expect(form).toMatchObject({ action: email.signinUrl, method: "post", buttons: ["Sign in with Email"] })
    expect(hidden(form!)).toEqual(hiddenFields)
    const input = form!.inputs.find((i) => i.attributes.name === "email")!
    expect(input.attributes).toMatchObject({ type: "email", autocomplete: "email", value: "ann@example.com" })
    expect(input.attributes).toHaveProperty("required")
    expect(form!.labels.map((label) => label.attributes.for)).toEqual([input.attributes.id])
  })

  it("has a credentials form posting to the provider's callbackUrl, one labelled input per field", () => {
    const page = renderSignIn(context(), { providers: [credentials] })
    const [form] = forms(page.html)
    expect(form).toMatchObject({ action: credentials.callbackUrl, method: "post" })
    expect(form!.buttons).toEqual(["Sign in with Credentials"])
    expect(hidden(form!)).toEqual(hiddenFields)
    const fields = form!.inputs.filter((i) => i.attributes.type !== "hidden")
    expect(fields.map((i) => [i.attributes.name, i.attributes.type])).toEqual([
      ["username", "text"],
      ["password", "password"],
    ])
    expect(fields[0]!.attributes).toMatchObject({ placeholder: "jsmith", autocomplete: "username" })
    expect(fields[1]!.attributes).toMatchObject({ autocomplete: "current-password" })
    expect(form!.labels.map((label) => label.attributes.for)).toEqual(fields.map((i) => i.attributes.id))
    expect(text(form!.html)).toContain("Username Password")
  })

  it.each([
    ["no credentials", { ...credentials, credentials: undefined }],
    ["empty credentials", { ...credentials, credentials: {} }],
  ] as const)("shows no credentials form with %s", (_, provider) => {
    expect(forms(renderSignIn(context(), { providers: [provider as PageProvider] }).html)).toEqual([])
  })

  it("skips WebAuthn providers for now", () => {
    const page = renderSignIn(context(), { providers: [passkey, github] })
    expect(forms(page.html).map((form) => form.action)).toEqual([github.signinUrl])
  })

  it("passes only known input attributes from a credentials field, and only known input types", () => {
    const provider: PageProvider = {
      ...credentials,
      credentials: {
        code: {
          label: "Code",
          type: "hidden",
          required: true,
          minLength: 6,
          inputMode: "numeric",
          onfocus: "alert(1)",
        },
        file: { type: "file", autocomplete: "off", style: "display:none", formaction: "https://evil.example" },
      },
    }
    const [form] = forms(renderSignIn(context(), { providers: [provider] }).html)
    const [code, file] = form!.inputs.filter((input) => input.attributes.type !== "hidden")
    expect(code!.attributes).toEqual({
      id: "input-code-for-credentials-provider",
      type: "text",
      name: "code",
      required: "",
      minlength: "6",
      inputmode: "numeric",
    })
    expect(file!.attributes).toEqual({
      id: "input-file-for-credentials-provider",
      type: "text",
      name: "file",
      autocomplete: "off",
    })
  })

  it("separates sections with one 'or' divider, then plain rules (none between consecutive OAuth buttons)", () => {
    const providers = [github, keycloak, email, credentials, { ...github, id: "gh2" }]
    const page = renderSignIn(context(), { providers })
    const sequence = [...page.html.matchAll(/<form|class="divider"|<hr/g)].map(([m]) => (m === "<form" ? "F" : m === "<hr" ? "-" : "|"))
    expect(sequence.join("")).toBe("FF|F-F-F")
    expect(text(page.html)).toContain(" or ")
    expect(text(renderSignIn(context({ locale: "ru" }), { providers: [github, email] }).html)).toContain(" или ")
  })

  it.each([
    ["Signin", "Try signing in with a different account.", "Попробуйте войти с другой учётной записью."],
    ["OAuthSignin", "Try signing in with a different account.", "Попробуйте войти с другой учётной записью."],
    [
      "OAuthCallbackError",
      "Sign-in was cancelled or did not complete. Try again, or choose another way to sign in.",
      "Вход отменён или не завершён. Попробуйте ещё раз или выберите другой способ входа.",
    ],
    ["OAuthCreateAccount", "Try signing in with a different account.", "Попробуйте войти с другой учётной записью."],
    ["EmailCreateAccount", "Try signing in with a different account.", "Попробуйте войти с другой учётной записью."],
    ["Callback", "Try signing in with a different account.", "Попробуйте войти с другой учётной записью."],
    [
      "OAuthAccountNotLinked",
      "To confirm your identity, sign in with the same account you used originally.",
      "Чтобы подтвердить, что это вы, войдите с той же учётной записью, что и в первый раз.",
    ],
    ["EmailSignin", "The e-mail could not be sent.", "Не удалось отправить письмо."],
    [
      "CredentialsSignin",
      "Sign in failed. Check the details you provided are correct.",
      "Не удалось войти. Проверьте, правильно ли введены данные.",
    ],
    ["SessionRequired", "Please sign in to access this page.", "Войдите, чтобы открыть эту страницу."],
    [
      "MissingCSRF",
      "The sign-in form has expired. Reload the page and try again.",
      "Срок действия формы входа истёк. Обновите страницу и попробуйте ещё раз.",
    ],
    // A credentials or passkey account refused for OAuth's reason gets OAuth's words.
    [
      "AccountNotLinked",
      "To confirm your identity, sign in with the same account you used originally.",
      "Чтобы подтвердить, что это вы, войдите с той же учётной записью, что и в первый раз.",
    ],
    ["Configuration", "Unable to sign in.", "Не удалось войти."],
    ["toString", "Unable to sign in.", "Не удалось войти."],
    ["", "Unable to sign in.", "Не удалось войти."],
  ])("?error=%j shows a fixed message (status 200)", (error, english, russian) => {
    for (const [locale, message] of [["en", english], ["ru", russian]] as const) {
      const page = renderSignIn(context({ locale }), { providers: [github], error, code: "credentials" })
      expect(page.status).toBe(200)
      expect(page.html).toContain(`<div class="alert" role="alert"><p>${message}</p></div>`)
    }
  })

  it("shows no message box without ?error=", () => {
    expect(renderSignIn(context(), { providers: [github] }).html).not.toContain('role="alert"')
  })

  it("speaks Russian: «Войти через GitHub»", () => {
    const page = renderSignIn(context({ locale: "ru" }), { providers: [github, email] })
    expect(page.html).toContain('<html lang="ru">')
    expect(forms(page.html).flatMap((form) => form.buttons)).toEqual(["Войти через GitHub", "Войти по электронной почте"])
    expect(text(page.html)).toContain("Электронная почта")
  })

  it("colours a provider button with its brand colour and contrasting text, through a class (no inline style)", () => {
    const page = renderSignIn(context(), {
      providers: [
        github,
        { ...keycloak, style: { bg: "#ffeb3b" } },
        { ...keycloak, id: "k2", style: { brandColor: "teal" } },
      ],
    })
    const [css] = styleContent(page.html)
    // Without a dark look of its own, a button keeps its colours on a dark page.
    expect(css).toContain(".provider-0 { --provider-brand: #24292f; --provider-text: #fff; --provider-brand-dark: #24292f; --provider-text-dark: #fff; }")
    expect(css).toContain(".provider-1 { --provider-brand: #ffeb3b; --provider-text: #000; --provider-brand-dark: #ffeb3b; --provider-text-dark: #000; }")
    expect(css).toContain(".provider-2 { --provider-brand: teal; --provider-brand-dark: teal; }")
    const buttons = tags(page.html).filter((tag) => tag.name === "button")
    expect(buttons.map((b) => b.attributes.class)).toEqual([
      "button button-brand provider-0",
      "button button-brand provider-1",
      "button button-outline provider-2",
    ])
    expect(tags(page.html).some((tag) => "style" in tag.attributes)).toBe(false)
  })

  it("shows a provider logo only from our origin or a data: URL", () => {
    const images = (logo: string): string[] =>
      tags(renderSignIn(context(), { providers: [{ ...github, style: { logo } }] }).html)
        .filter((tag) => tag.name === "img")
        .map((img) => img.attributes.src ?? "")
    expect(images("/img/github.svg")).toEqual(["/img/github.svg"])
    expect(images("data:image/svg+xml,%3Csvg%3E")).toEqual(["data:image/svg+xml,%3Csvg%3E"])
    expect(images("https://authjs.dev/img/providers/github.svg")).toEqual([])
    expect(images("//authjs.dev/img/providers/github.svg")).toEqual([])
  })

  it("uses the theme: colour scheme class, brand colour, button text colour and logo", () => {
    const page = renderSignIn(
      context({ theme: { colorScheme: "dark", logo: "/logo.png", brandColor: "#ffeb3b", buttonText: "" } }),
      { providers: [email] },
    )
    expect(page.html).toContain('<body class="__gatehouse-theme-dark">')
    expect(styleContent(page.html)[0]).toContain(":root { --brand-color: #ffeb3b; --button-text-color: #000; }")
    expect(tags(page.html).find((tag) => tag.name === "img")?.attributes).toEqual({
      class: "logo",
      src: "/logo.png",
      alt: "Logo",
    })
  })

  it.each(["auto", "light", "dark"] as const)("colour scheme %s sets the body class", (colorScheme) => {
    const page = renderSignIn(context({ theme: { colorScheme, logo: "", brandColor: "", buttonText: "" } }), {
      providers: [github],
    })
    expect(page.html).toContain(`<body class="__gatehouse-theme-${colorScheme}">`)
  })

  it("links nothing to the current URL: every form target comes from the providers", () => {
    const page = renderSignIn(context(), { providers: [github, email, credentials] })
    expect(forms(page.html).map((form) => form.action)).toEqual([
      `${baseUrl}/signin/github`,
      `${baseUrl}/signin/email`,
      `${baseUrl}/callback/credentials`,
    ])
  })
})
