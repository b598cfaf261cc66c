/**
 * Text from the configuration that the app gives per language: a provider's `name`, a credentials field's `label`
 * and `placeholder`. A plain string (every Auth.js config) is used as it is in every language.
 */
import { defaultLocale, type Locale } from "./codes.js"

/**
 * A plain string, or the text per locale code: `{ en: "Username", de: "Benutzername", ru: "Имя пользователя" }`.
 * A page in a language the map does not name uses its English text, else its first.
 */
export type LocalizedText = string | { readonly [locale: string]: string }

/**
 * The text of `value` for `locale`; undefined when `value` holds no text (a missing label, a map of non-strings).
 *
 * @example
 * textFor({ en: "Password", de: "Passwort" }, "de") // "Passwort"
 * textFor({ en: "Password", de: "Passwort" }, "ja") // "Password"
 * textFor("Password", "de")                         // "Password"
 */
export function textFor(value: unknown, locale: Locale): string | undefined {
  if (typeof value === "string") return value || undefined
  if (!value || typeof value !== "object") return undefined
  const map = value as Record<string, unknown>
  for (const code of [locale, defaultLocale]) {
    const text = Object.hasOwn(map, code) ? map[code] : undefined
    if (typeof text === "string" && text) return text
  }
  return Object.values(map).find((text): text is string => typeof text === "string" && text !== "")
}
