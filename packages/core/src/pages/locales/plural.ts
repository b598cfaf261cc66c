/**
 * Messages that count something ("Signed out 2 other sessions.") pick their wording by the language's plural rules
 * (CLDR, through `Intl.PluralRules`): English has two forms, Russian and Ukrainian three (1, 2–4, 5–20: "сеанс",
 * "сеанса", "сеансов"), French and Portuguese count 0 as singular, Japanese, Chinese and Turkish have one.
 */
import type { Locale } from "./codes.js"

/** One wording per CLDR plural category the language uses; `other` is required and covers any category left out. */
export type PluralForms = Partial<Record<Exclude<Intl.LDMLPluralRule, "other">, (count: number) => string>> & {
  other: (count: number) => string
}

/**
 * A `(count) => string` message choosing among `forms` by `locale`'s plural rules. The rules are built on first use,
 * so loading the message tables costs nothing.
 *
 * @example
 * const sessions = plural("ru", {
 *   one: (n) => `${n} сеанс`,   // 1, 21, 101
 *   few: (n) => `${n} сеанса`,  // 2–4, 22–24
 *   other: (n) => `${n} сеансов`, // 0, 5–20, 25
 * })
 */
export function plural(locale: Locale, forms: PluralForms): (count: number) => string {
  let rules: Intl.PluralRules | undefined
  return (count) => {
    rules ??= new Intl.PluralRules(locale)
    const category = rules.select(count)
    return (category === "other" ? forms.other : (forms[category] ?? forms.other))(count)
  }
}
