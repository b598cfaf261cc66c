import { defaultLocale, isLocale, type Locale } from "./locales/index.js"

// RFC 4647 §2.1 language range: `*` or 1–8 letters, then `-` and 1–8 letters or digits, repeated.
const languageRange = /^(?:\*|[a-z]{1,8}(?:-[a-z\d]{1,8})*)$/i
const qParameter = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i
// A header longer than this is not from a browser; the tail is ignored rather than parsed.
const maxHeaderLength = 1024

/**
 * The page language for an `Accept-Language` header (RFC 9110 §12.5.4): the supported language with the highest
 * q-value, ties broken by order; region tags match their language (`ru-RU` → `ru`); `q=0` excludes a language;
 * `*` stands for the default. A missing, empty or unreadable header gives `en`.
 *
 * @example
 * pickLocale("ru-RU,ru;q=0.9,en;q=0.8") // "ru"
 * pickLocale("en;q=0.1, ru;q=0.5")      // "ru"
 * pickLocale(null)                      // "en"
 */
export function pickLocale(acceptLanguage: string | null): Locale {
  if (!acceptLanguage) return defaultLocale
  const ranked: { locale: Locale; q: number; order: number }[] = []
  const excluded = new Set<Locale>()

  acceptLanguage
    .slice(0, maxHeaderLength)
    .split(",")
    .forEach((entry, order) => {
      const [range = "", ...params] = entry.split(";").map((part) => part.trim())
      if (!languageRange.test(range)) return
      let q = 1
      for (const param of params) {
        const match = qParameter.exec(param)
        if (!match) return // a malformed weight makes the whole entry unreadable
        q = Number(match[1])
      }
      const primary = range === "*" ? defaultLocale : range.split("-")[0]!.toLowerCase()
      if (!isLocale(primary)) return
      if (q === 0) excluded.add(primary)
      else ranked.push({ locale: primary, q, order })
    })

  ranked.sort((a, b) => b.q - a.q || a.order - b.order)
  return ranked.find(({ locale }) => !excluded.has(locale))?.locale ?? defaultLocale
}
