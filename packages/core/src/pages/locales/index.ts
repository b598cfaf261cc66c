/**
 * The languages of the built-in pages. Adding one is a file next to `en.ts` and a line in `locales` below; the
 * `Locale` type, `pickLocale` and the tests pick it up from here.
 */
import { en } from "./en.js"
import type { Messages } from "./messages.js"
import { ru } from "./ru.js"

export type { Messages } from "./messages.js"

const locales = {
  en,
  ru,
} satisfies Record<string, Messages>

/** A language the pages are written in: a lowercase ISO 639-1 code. */
export type Locale = keyof typeof locales

/** The language used when the browser asks for none we have. */
export const defaultLocale: Locale = "en"

/** Every supported locale, default first. */
export const supportedLocales = Object.keys(locales) as Locale[]

/** Whether `code` (a lowercase primary language subtag) names a supported locale. */
export function isLocale(code: string): code is Locale {
  return Object.hasOwn(locales, code)
}

/** The message table of `locale`. */
export function messagesFor(locale: Locale): Messages {
  return locales[locale]
}
