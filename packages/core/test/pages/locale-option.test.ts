/**
 * How the page language is chosen, through `Auth()`: the `locale` option (a fixed code, or a function of the request
 * for the app's own choice), else `Accept-Language`, else English; and labels from the config given per locale.
 */
import { describe, expect, it } from "vitest"
import { Auth } from "../../src/auth.js"
import type { AuthConfig } from "../../src/config/auth-config.js"
import type { Translations } from "../../src/index.js"
import Credentials from "../../src/providers/credentials.js"
import Nodemailer from "../../src/providers/nodemailer.js"
import { BASE, ORIGIN, testConfig } from "../helpers/auth.js"
import { memoryAdapter } from "../security/helpers.js"
import { forms, text } from "./helpers.js"

async function page(config: AuthConfig, path = "/signin", headers: Record<string, string> = {}): Promise<{ status: number; html: string; lang: string }> {
  const response = await Auth(new Request(`${ORIGIN}${BASE}${path}`, { headers }), config)
  const html = await response.text()
  return { status: response.status, html, lang: /<html lang="([^"]*)">/.exec(html)?.[1] ?? "" }
}

function recordingLogger(): { errors: string[]; warnings: string[]; logger: AuthConfig["logger"] } {
  const errors: string[] = []
  const warnings: string[] = []
  return {
    errors,
    warnings,
    logger: {
      error: (error) => errors.push(`${(error as { type?: string }).type ?? error.name} ${error.message}`),
      warn: (code, ...message) => warnings.push(`${code} ${message.join(" ")}`),
      debug: () => {},
    },
  }
}

describe("the page language", () => {
  it.each([
    ["de-DE,de;q=0.9,en;q=0.5", "de"],
    ["fr-CA", "fr"],
    ["es-419,es;q=0.9", "es"],
    ["pt-BR", "pt"],
    ["pt-PT", "pt"],
    ["zh-CN,zh;q=0.9", "zh"],
    ["zh-Hans-CN", "zh"],
    ["ja", "ja"],
    ["uk-UA,uk;q=0.9,ru;q=0.8", "uk"],
    ["tr-TR", "tr"],
    ["ru", "ru"],
    // Traditional Chinese readers are not given the Simplified pages as if they were theirs.
    ["zh-TW,en;q=0.5", "en"],
    ["zh-Hant", "en"],
    ["nl-NL", "en"],
  ])("Accept-Language %j → <html lang=%j>", async (header, lang) => {
    expect((await page(testConfig(), "/signin", { "accept-language": header })).lang).toBe(lang)
  })

  it("`locale: \"de\"` fixes the language of every page, whatever the browser asks for", async () => {
    const config = testConfig({ locale: "de", providers: [Credentials({ credentials: { u: { label: "Benutzer" } }, authorize: () => null })] })
    for (const path of ["/signin", "/signout", "/error?error=Configuration", "/verify-request"]) {
      const result = await page(config, path, { "accept-language": "ru-RU,ru;q=0.9" })
      expect(result.lang, path).toBe("de")
    }
    expect(text((await page(config, "/signout")).html)).toContain("Abmelden")
  })

  it("`locale: (request) => …` lets the app decide per request (its own cookie here); a code it returns in any case or with a region works", async () => {
    const config = testConfig({ locale: (request) => /(?:^|;\s*)app-lang=([^;]*)/.exec(request.headers.get("cookie") ?? "")?.[1] })
    expect((await page(config, "/signin", { cookie: "app-lang=uk", "accept-language": "de" })).lang).toBe("uk")
    expect((await page(config, "/signin", { cookie: "app-lang=pt-BR" })).lang).toBe("pt")
    expect((await page(config, "/signin", { cookie: "app-lang=JA" })).lang).toBe("ja")
    // Nothing from the app: the browser's languages decide.
    expect((await page(config, "/signin", { "accept-language": "tr" })).lang).toBe("tr")
  })

  it("an async locale function works (the app may look the user's language up)", async () => {
    const config = testConfig({ locale: async () => "fr" })
    expect((await page(config)).lang).toBe("fr")
  })

  it("only known locale codes are ever used: whatever the function returns otherwise falls back to Accept-Language", async () => {
    for (const returned of ["xx", "<script>alert(1)</script>", "en\" onload=\"alert(1)", "", "../../etc/passwd", "__proto__", "constructor", 42, null]) {
      const config = testConfig({ locale: () => returned as string })
      const result = await page(config, "/signin", { "accept-language": "es" })
      expect(result.status, String(returned)).toBe(200)
      expect(result.lang, String(returned)).toBe("es")
      expect(result.html).not.toContain("<script>alert")
    }
  })

  it("a locale function that throws costs the visitor nothing: the page renders in the browser's language, one warning is logged", async () => {
    const log = recordingLogger()
    const config = testConfig({ logger: log.logger, locale: () => { throw new Error("db down") } })
    const result = await page(config, "/signin", { "accept-language": "ja" })
    expect(result.status).toBe(200)
    expect(result.lang).toBe("ja")
    expect(log.warnings.join("\n")).toMatch(/locale/)
    expect(log.errors).toEqual([])
  })

  it("`locale: \"klingon\"` is a configuration problem naming the option and the supported codes", async () => {
    const log = recordingLogger()
    const config = testConfig({ logger: log.logger, locale: "klingon" })
    const result = await page(config, "/signin")
    expect(result.status).toBe(500)
    expect(log.errors.join("\n")).toMatch(/locale.*klingon[\s\S]*en, ru, de/)
  })

  it("a region in the fixed option is accepted (`pt-BR` → pt)", async () => {
    expect((await page(testConfig({ locale: "pt-BR" }))).lang).toBe("pt")
  })
})

describe("labels from the config, per locale", () => {
  // The type apps use for their own label tables is exported.
  const passwordLabels: Translations = { de: "Passwort", ru: "Пароль" }
  const localized = (): AuthConfig =>
    testConfig({
      providers: [
        Credentials({
          name: "Password",
          names: { de: "Passwort", ru: "пароль" },
          credentials: {
            username: { label: "Username", labels: { de: "Benutzername", ru: "Имя пользователя" }, placeholder: "jsmith", placeholders: { de: "mmuster" } },
            password: { label: "Password", labels: passwordLabels, type: "password" },
          },
          authorize: () => null,
        }),
      ],
    })

  it("a provider name and field labels given per locale render in the page's language (no more \"Войти через Password\")", async () => {
    const de = forms((await page(localized(), "/signin", { "accept-language": "de" })).html)[0]!
    expect(de.labels.map((l) => l.attributes.for)).toHaveLength(2)
    expect(text(de.html)).toContain("Benutzername")
    expect(text(de.html)).toContain("Passwort")
    expect(de.inputs.find((i) => i.attributes.name === "username")?.attributes.placeholder).toBe("mmuster")
    expect(de.buttons).toEqual(["Mit Passwort anmelden"])

    const ru = forms((await page(localized(), "/signin", { "accept-language": "ru" })).html)[0]!
    expect(text(ru.html)).toContain("Имя пользователя")
    expect(ru.buttons[0]).not.toMatch(/Password/)
  })

  it("a locale the translations do not name shows the plain text (Auth.js's string)", async () => {
    const fr = forms((await page(localized(), "/signin", { "accept-language": "fr" })).html)[0]!
    expect(text(fr.html)).toContain("Username")
    expect(fr.buttons).toEqual(["Se connecter avec Password"])
  })

  it("Auth.js's fields keep their string types: code that renders provider.name or a field's label compiles and reads a string", () => {
    const provider = Credentials({ name: "Password", names: { de: "Passwort" }, credentials: { u: { label: "User", labels: { de: "Benutzer" } } }, authorize: () => null })
    const name: string = provider.name
    const label: string | undefined = provider.credentials?.u?.label
    // The factory keeps the app's options aside (merged when the config is resolved, as in Auth.js): types are the point.
    expect(typeof name).toBe("string")
    expect(label === undefined || typeof label === "string").toBe(true)
  })

  it("plain strings stay plain strings: an Auth.js config renders as before, and /providers keeps `name` a string", async () => {
    const en = forms((await page(testConfig(), "/signin")).html)[0]!
    expect(text(en.html)).toContain("Username")
    expect(en.buttons).toEqual(["Sign in with Credentials"])
    const response = await Auth(new Request(`${ORIGIN}${BASE}/providers`), localized())
    const body = (await response.json()) as Record<string, { name: unknown }>
    expect(body.credentials?.name).toBe("Password")
  })

  it("the default names of the e-mail and credentials providers are translated with the page", async () => {
    const config = testConfig({
      adapter: { ...memoryAdapter(), createVerificationToken: async (token) => token, useVerificationToken: async () => null },
      providers: [
        Credentials({ credentials: { u: { label: "User", labels: { de: "Benutzer" } } }, authorize: () => null }),
        Nodemailer({ server: "smtp://localhost:2525", from: "a@example.com" }),
      ],
    })
    const buttons = forms((await page(config, "/signin", { "accept-language": "de" })).html).flatMap((f) => f.buttons)
    expect(buttons.join(" | ")).not.toMatch(/Credentials|Sign in/)
    expect(buttons).toContain("Mit E-Mail anmelden")
  })
})
