import { describe, expect, it } from "vitest"
import { renderError } from "../../src/pages/index.js"
import { baseUrl, context, tags, text } from "./helpers.js"

describe("error page", () => {
  it.each([
    // error,              status, English heading,      Russian heading,    sign-in link
    ["Configuration", 500, "Server error", "Ошибка сервера", true],
    ["AccessDenied", 403, "Access Denied", "Доступ запрещён", true],
    ["Verification", 403, "Unable to sign in", "Не удалось войти", true],
    ["WebAuthnVerificationError", 200, "Error", "Ошибка", true],
    ["Default", 200, "Error", "Ошибка", true],
    ["configuration", 200, "Error", "Ошибка", true],
    ["constructor", 200, "Error", "Ошибка", true],
    ["__proto__", 200, "Error", "Ошибка", true],
    [undefined, 200, "Error", "Ошибка", true],
  ] as const)("?error=%s → %i, “%s” / “%s”", (error, status, enHeading, ruHeading, hasLink) => {
    for (const [locale, heading] of [["en", enHeading], ["ru", ruHeading]] as const) {
      const page = renderError(context({ locale }), { error })
      expect(page.status).toBe(status)
      expect(page.html).toContain(`<h1>${heading}</h1>`)
      const links = tags(page.html).filter((tag) => tag.name === "a")
      expect(links.map((a) => a.attributes.href)).toEqual(hasLink ? [`${baseUrl}/signin`] : [])
      if (error) expect(text(page.html)).not.toContain(error)
    }
  })

  it.each([
    ["Configuration", "There is a problem with the server configuration. Check the server logs for more information. Back to sign-in"],
    ["AccessDenied", "You do not have permission to sign in. Sign in"],
    [
      "Verification",
      "The sign in link is no longer valid. It may have been used already or it may have expired. Sign in",
    ],
    ["Nonsense", "Something went wrong while signing in. Sign in"],
  ])("?error=%s explains: %s", (error, explanation) => {
    expect(text(renderError(context(), { error }).html)).toBe(`${headingOf(error)} ${explanation}`)
  })

  it("speaks Russian for a Russian reader", () => {
    const page = renderError(context({ locale: "ru" }), { error: "Verification" })
    expect(page.html).toContain('<html lang="ru">')
    expect(text(page.html)).toContain("Ссылка для входа больше не действует.")
    expect(text(page.html)).toContain("Войти")
  })

  it("builds the sign-in link from baseUrl, never from the current URL", () => {
    const page = renderError(context({ baseUrl: "https://auth.example.org/custom/base" }), { error: "AccessDenied" })
    expect(tags(page.html).find((tag) => tag.name === "a")?.attributes.href).toBe(
      "https://auth.example.org/custom/base/signin",
    )
  })
})

const headings: Record<string, string> = {
  Configuration: "Server error",
  AccessDenied: "Access Denied",
  Verification: "Unable to sign in",
}

function headingOf(error: string): string {
  return headings[error] ?? "Error"
}
