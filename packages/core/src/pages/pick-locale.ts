import type { Awaitable } from "../util/awaitable.js"
import type { Logger } from "../logger.js"
import { defaultLocale, localeOf, type Locale } from "./locales/codes.js"

// RFC 4647 §2.1 language range: `*` or 1–8 letters, then `-` and 1–8 letters or digits, repeated.
const languageRange = /^(?:\*|[a-z]{1,8}(?:-[a-z\d]{1,8})*)$/i
const qParameter = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i
// A header longer than this is not from a browser; the tail is ignored rather than parsed.
const maxHeaderLength = 1024
// A language tag is short (RFC 5646 recommends supporting 35 characters); anything longer is not one.
const maxTagLength = 64

/** The app's choice of page language for one request (the `locale` option as a function): a language tag, or nothing. */
export type LocaleFunction = (request: Request) => Awaitable<string | null | undefined>

/**
 * The page language for an `Accept-Language` header (RFC 9110 §12.5.4): the supported language with the highest
 * q-value, ties broken by order; region tags match their language (`pt-BR` → `pt`), except Traditional Chinese
 * (`zh-TW`, `zh-Hant`), which is not given the Simplified pages; `q=0` excludes a language; `*` stands for the default.
 * A missing, empty or unreadable header gives `en`.
 *
 * @example
 * pickLocale("ru-RU,ru;q=0.9,en;q=0.8") // "ru"
 * pickLocale("en;q=0.1, de;q=0.5")      // "de"
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
      const locale = range === "*" ? defaultLocale : localeOf(range)
      if (!locale) return
      if (q === 0) excluded.add(locale)
      else ranked.push({ locale, q, order })
    })

  ranked.sort((a, b) => b.q - a.q || a.order - b.order)
  return ranked.find(({ locale }) => !excluded.has(locale))?.locale ?? defaultLocale
}

/**
 * The language of one page: the `locale` option when it is a fixed locale; else what the option's function returns
 * for this request, when that names a supported locale; else `Accept-Language`. Only a supported code ever comes out,
 * whatever the function returns. A function that throws is logged and the browser's languages decide: the page
 * must not fail for want of a language.
 */
export async function chooseLocale(option: Locale | LocaleFunction | undefined, request: Request, logger: Logger): Promise<Locale> {
  if (typeof option === "string") return option
  if (typeof option === "function") {
    try {
      const chosen = await option(request)
      const locale = typeof chosen === "string" && chosen.length <= maxTagLength ? localeOf(chosen) : undefined
      if (locale) return locale
    } catch {
      // The app's error may carry its data: only the fact is logged.
      logger.warn("locale-function-failed")
    }
  }
  return pickLocale(request.headers.get("accept-language"))
}
