/**
 * The codes of the languages the pages are written in, without their texts: the configuration checks `locale` against
 * this list without loading any page code (an app that only checks sessions never loads the message tables).
 * A new locale is its file next to `en.ts`, its code here and its line in `index.ts`; the types make the three agree.
 */
export const localeCodes = ["en", "ru", "de", "fr", "es", "pt", "zh", "ja", "uk", "tr"] as const

/** A language the pages are written in: a lowercase ISO 639-1 code. */
export type Locale = (typeof localeCodes)[number]

/** The language used when nothing else decides. */
export const defaultLocale: Locale = "en"

/** Whether `code` (a lowercase primary language subtag) names a supported locale. */
export function isLocale(code: string): code is Locale {
  return (localeCodes as readonly string[]).includes(code)
}

/**
 * The locale of a language tag (`de`, `pt-BR`, `zh-Hans-CN`; any case), or undefined when none fits. Traditional
 * Chinese (`zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant`) is not given the Simplified pages.
 *
 * @example
 * localeOf("pt-BR") // "pt"
 * localeOf("zh-TW") // undefined
 */
export function localeOf(tag: string): Locale | undefined {
  const subtags = tag.trim().toLowerCase().split(/[-_]/)
  const primary = subtags[0] ?? ""
  if (primary === "zh" && subtags.slice(1).some((s) => ["hant", "tw", "hk", "mo"].includes(s))) return undefined
  return isLocale(primary) ? primary : undefined
}
