import { describe, expect, it } from "vitest"
import { renderSignOut, renderVerifyRequest } from "../../src/pages/index.js"
import { baseUrl, callbackUrl, context, forms, hidden, tags, text } from "./helpers.js"

describe("sign-out page", () => {
  it("asks for confirmation and posts to baseUrl/signout with the CSRF token and callback URL", () => {
    const page = renderSignOut(context())
    expect(page.status).toBe(200)
    expect(text(page.html)).toContain("Are you sure you want to sign out?")
    const [form, ...rest] = forms(page.html)
    expect(rest).toEqual([])
    expect(form).toMatchObject({ action: `${baseUrl}/signout`, method: "post", buttons: ["Sign out"] })
    expect(hidden(form!)).toEqual({ csrfToken: "csrf-token-123", callbackUrl })
  })

  it("speaks Russian", () => {
    const page = renderSignOut(context({ locale: "ru" }))
    expect(text(page.html)).toContain("Вы действительно хотите выйти?")
    expect(forms(page.html)[0]!.buttons).toEqual(["Выйти"])
  })
})

describe("verify-request page", () => {
  it("says to check the e-mail and links back to the site, derived from baseUrl, in words rather than its host name (differences.md)", () => {
    const page = renderVerifyRequest(context({ baseUrl: "https://shop.example:8443/auth" }), { provider: "email" })
    expect(page.status).toBe(200)
    expect(text(page.html)).toBe(
      "Check your email A sign in link has been sent to your email address. Back to the site",
    )
    expect(page.html).not.toContain(">shop.example:8443<")
    expect(tags(page.html).filter((tag) => tag.name === "a").map((a) => a.attributes.href)).toEqual([
      "https://shop.example:8443",
    ])
  })

  it("does not render the provider parameter at all", () => {
    const page = renderVerifyRequest(context(), { provider: "my-unique-provider-name" })
    expect(page.html).not.toContain("my-unique-provider-name")
  })

  it("speaks Russian: «Проверьте почту»", () => {
    const page = renderVerifyRequest(context({ locale: "ru" }), {})
    expect(page.html).toContain("<h1>Проверьте почту</h1>")
    expect(text(page.html)).toContain("Мы отправили ссылку для входа на ваш адрес электронной почты.")
    expect(text(page.html)).toMatch(/Вернуться на сайт$/)
  })
})
