/**
 * The default mails of the `Password` provider: each purpose carries its link as a button and as text, in the
 * request's language, every value escaped, nothing remote, and the expiry in words.
 */
import { describe, expect, it } from "vitest"
import { supportedLocales } from "../../src/pages/index.js"
import { messagesFor } from "../../src/pages/locales/index.js"
import { durationText, passwordMailContent } from "../../src/passwords/mail.js"
import type { PasswordMailPurpose } from "../../src/passwords/types.js"

const purposes: PasswordMailPurpose[] = ["verify-email", "reset-password", "account-exists"]
const now = new Date("2026-11-28T06:00:00Z")
const inOneHour = new Date(now.getTime() + 60 * 60 * 1000)
const url = "https://app.example/auth/verify-email?token=abc&callbackUrl=https%3A%2F%2Fapp.example%2F"
const resetUrl = "https://app.example/auth/password/forgot"

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" }

/** The link targets of `html`, unescaped; a value that broke out of its quotes would end the match early. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => entities[e]!))
}

describe("password mails", () => {
  it.each(purposes)("%s carries the link as a button and written out, in the HTML and the plain text", (purpose) => {
    const mail = passwordMailContent(purpose, { url, resetUrl, host: "app.example", locale: "en", expires: inOneHour, now })
    expect(mail.subject).toContain("app.example")
    expect(mail.text).toContain(url)
    // The button and the visible link.
    expect(hrefs(mail.html).filter((href) => href === url)).toHaveLength(2)
    expect(mail.html).toContain(`>${url.replaceAll("&", "&amp;")}</a>`)
    expect(mail.html).toContain('<html lang="en">')
  })

  it("verify-email: confirm the address, the link expires in 1 hour, ignore it if you did not sign up", () => {
    const mail = passwordMailContent("verify-email", { url, host: "app.example", locale: "en", expires: inOneHour, now })
    expect(mail.subject).toBe("Confirm your e-mail address for app.example")
    expect(mail.text).toBe(
      [
        "Confirm your e-mail address for app.example",
        "Press the button to confirm this address and finish creating your account.",
        `Confirm your address:\n${url}`,
        "This link expires in 1 hour.",
        "If you did not create an account, you can safely ignore this e-mail.",
      ].join("\n\n") + "\n",
    )
    expect(mail.html).toContain("This link expires in 1 hour.")
  })

  it("reset-password: the reset link and its expiry", () => {
    const reset = "https://app.example/auth/password/reset?token=xyz"
    const mail = passwordMailContent("reset-password", { url: reset, host: "app.example", locale: "en", expires: new Date(now.getTime() + 30 * 60_000), now })
    expect(mail.subject).toBe("Reset your password for app.example")
    expect(mail.text).toContain(`Choose a new password:\n${reset}`)
    expect(mail.text).toContain("This link expires in 30 minutes.")
  })

  it("account-exists: someone tried to sign up; sign in, or reset the password with the second link; else ignore it", () => {
    const signIn = "https://app.example/auth/signin"
    const mail = passwordMailContent("account-exists", { url: signIn, resetUrl, host: "app.example", locale: "en", now })
    expect(mail.text).toContain("Someone tried to create an account with this e-mail address")
    expect(mail.text).toContain("If it was you, sign in, or reset your password with the second link.")
    expect(mail.text).toContain("If it was not you, you can safely ignore this e-mail")
    expect(mail.text.indexOf(signIn)).toBeLessThan(mail.text.indexOf(resetUrl))
    expect(hrefs(mail.html)).toEqual([signIn, resetUrl, signIn, resetUrl])
    expect(mail.text).not.toContain("expires")
  })

  it("escapes every value: a hostile host, link and brand colour cannot add markup", () => {
    const evil = `https://app.example/auth/verify-email?token="><script>alert(1)</script>&x='`
    for (const purpose of purposes) {
      const mail = passwordMailContent(purpose, {
        url: evil,
        resetUrl: evil,
        host: `<img src=x onerror=alert(1)>`,
        locale: "en",
        theme: { brandColor: `red;background:url(https://evil.example/t.png)`, buttonText: `"><b>` },
        now,
      })
      expect(mail.html, purpose).not.toContain("<script>")
      expect(mail.html, purpose).not.toContain("<img")
      expect(mail.html, purpose).not.toContain("<b>")
      expect(mail.html, purpose).not.toContain("evil.example")
      expect(mail.html, purpose).toContain("&lt;img src=x onerror=alert(1)&gt;")
      expect(hrefs(mail.html)[0], purpose).toBe(evil)
    }
  })

  it("uses a hex brand colour for the button, and nothing remote: no image, no stylesheet, no tracking", () => {
    const mail = passwordMailContent("verify-email", { url, host: "app.example", locale: "en", theme: { brandColor: "#ff0066" }, now })
    expect(mail.html).toContain("background:#ff0066")
    expect(mail.html).not.toMatch(/<img|<link|<script|src=/i)
    expect(hrefs(mail.html).every((href) => href === url)).toBe(true)
  })

  it("the subject stays on one line", () => {
    const mail = passwordMailContent("reset-password", { url, host: "app.example\r\nBcc: x@evil.example", locale: "en", now })
    expect(mail.subject).not.toMatch(/[\r\n]/)
  })

  it("refuses a link that is not an absolute http(s) URL", () => {
    expect(() => passwordMailContent("verify-email", { url: "javascript:alert(1)", host: "app.example", locale: "en" })).toThrow(TypeError)
    expect(() => passwordMailContent("account-exists", { url, resetUrl: "/relative", host: "app.example", locale: "en" })).toThrow(TypeError)
  })

  it("never names the address the mail goes to (CVE-2022-31127): it is not a parameter", () => {
    const mail = passwordMailContent("account-exists", { url, resetUrl, host: "app.example", locale: "en", now })
    expect(mail.html).not.toContain("@")
  })

  it.each(supportedLocales)("%s: every purpose is in the language, with the URL, the expiry and the site", (locale) => {
    const words = messagesFor(locale).passwordMail
    for (const purpose of purposes) {
      const mail = passwordMailContent(purpose, { url, resetUrl, host: "app.example", locale, expires: inOneHour, now })
      expect(mail.subject).toBe(words[purpose].subject("app.example"))
      expect(mail.text).toContain(words[purpose].body)
      expect(mail.text).toContain(words[purpose].footer)
      expect(mail.text).toContain(url)
      expect(mail.text).toContain(words.expires(durationText(locale, 60 * 60 * 1000)!))
      expect(mail.html).toContain(`<html lang="${locale}">`)
      if (locale !== "en") expect(mail.text).not.toContain(messagesFor("en").passwordMail[purpose].body)
    }
  })
})

describe("expiry in words", () => {
  it.each([
    [60 * 60 * 1000, "1 hour"],
    [60 * 60 * 1000 - 1500, "1 hour"],
    [30 * 60 * 1000, "30 minutes"],
    [90 * 60 * 1000, "90 minutes"],
    [24 * 60 * 60 * 1000, "24 hours"],
    [3 * 24 * 60 * 60 * 1000, "3 days"],
    [20 * 1000, "1 minute"],
  ])("%i ms reads %s", (ms, words) => {
    expect(durationText("en", ms)).toBe(words)
  })

  it("is counted by each language's rules", () => {
    expect(durationText("ru", 2 * 60 * 60 * 1000)).toBe("2 часа")
    expect(durationText("de", 60 * 60 * 1000)).toBe("1 Stunde")
    expect(passwordMailContent("verify-email", { url, host: "app.example", locale: "ru", expires: inOneHour, now }).text).toContain("Срок действия ссылки — 1 час.")
    expect(passwordMailContent("verify-email", { url, host: "app.example", locale: "ja", expires: inOneHour, now }).text).toContain("このリンクの有効期間は1時間です。")
  })

  it("an expiry already past is left out", () => {
    expect(durationText("en", 0)).toBeUndefined()
    const mail = passwordMailContent("verify-email", { url, host: "app.example", locale: "en", expires: new Date(now.getTime() - 1000), now })
    expect(mail.text).not.toContain("expires")
  })
})
