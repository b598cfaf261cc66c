/**
 * The languages of the built-in pages. Adding one is a file next to `en.ts`, its code in `codes.ts` and a line in
 * `locales` below; the types make the three agree, and the tests check every message and every page in it.
 */
import type { Locale } from "./codes.js"
import { de } from "./de.js"
import { en } from "./en.js"
import { es } from "./es.js"
import { fr } from "./fr.js"
import { ja } from "./ja.js"
import type { Messages } from "./messages.js"
import { pt } from "./pt.js"
import { ru } from "./ru.js"
import { tr } from "./tr.js"
import { uk } from "./uk.js"
import { zh } from "./zh.js"

export type { Messages } from "./messages.js"
export { defaultLocale, isLocale, localeCodes, localeOf, type Locale } from "./codes.js"

// Typed by `Locale`: a code without its file, or a file without its code, fails the typecheck.
const locales: Record<Locale, Messages> = { en, ru, de, fr, es, pt, zh, ja, uk, tr }

/** Every supported locale, default first. */
export const supportedLocales = Object.keys(locales) as Locale[]

/** The message table of `locale`. */
export function messagesFor(locale: Locale): Messages {
  return locales[locale]
}
