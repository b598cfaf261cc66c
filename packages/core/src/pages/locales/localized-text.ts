/**
 * Text from the configuration that the app gives per language. Auth.js's own fields stay strings (a provider's
 * `name`, a credentials field's `label` and `placeholder`: code written for Auth.js reads them as strings), and the
 * translations sit beside them: `names`, `labels`, `placeholders`. A plain string is used as it is in every language.
 */
import { defaultLocale, type Locale } from "./codes.js"

/**
 * A plain string, or the text per locale code: `{ en: "Username", de: "Benutzername", ru: "Имя пользователя" }`.
 * A page in a language the map does not name uses its English text, else its first.
 */
export type LocalizedText = string | Translations

/** One text per locale code: `{ de: "Benutzername", ru: "Имя пользователя" }`. */
export type Translations = { readonly [locale: string]: string }

/**
 * The text for `locale`: its entry in `translations` when there is one, else `value` (a string, or — from plain
 * JavaScript — a map: its `locale`, `en` or first entry); undefined when neither holds text.
 *
 * @example
 * textFor("Password", "de", { de: "Passwort" })     // "Passwort"
 * textFor("Password", "ja", { de: "Passwort" })     // "Password"
 * textFor({ en: "Password", de: "Passwort" }, "de") // "Passwort"
 */
export function textFor(value: unknown, locale: Locale, translations?: unknown): string | undefined {
  if (translations && typeof translations === "object" && Object.hasOwn(translations, locale)) {
    const text = (translations as Record<string, unknown>)[locale]
    if (typeof text === "string" && text) return text
  }
  if (typeof value === "string") return value || undefined
  if (!value || typeof value !== "object") return undefined
  const map = value as Record<string, unknown>
  for (const code of [locale, defaultLocale]) {
    const text = Object.hasOwn(map, code) ? map[code] : undefined
    if (typeof text === "string" && text) return text
  }
  return Object.values(map).find((text): text is string => typeof text === "string" && text !== "")
}
