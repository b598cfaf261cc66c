/**
 * What every provider has, and a credentials form field: the provider-kind-independent options, apart from the
 * provider union in providers/types.ts so that each kind's own types (webauthn/types.ts) can use them without importing it.
 */
import type { Translations } from "./pages/locales/localized-text.js"
import type { ProviderType } from "./types.js"

/** Fields every provider has. */
export interface CommonProviderOptions {
  /** Unique in `providers`; part of the URLs (`/signin/:id`, `/callback/:id`); the argument of `signIn`. */
  id: string
  /** Label of the default sign-in button ("Sign in with <name>"), and `name` in `/providers`. */
  name: string
  /** `name` per page language (`{ de: "Passwort", ru: "пароль" }`); `name` where a language has none. docs/locales.md */
  names?: Translations
  type: ProviderType
}

/** One field of the credentials form on the built-in sign-in page. */
export interface CredentialInput {
  label?: string
  /** `label` per page language: `{ de: "Benutzername", ru: "Имя пользователя" }` (docs/locales.md). */
  labels?: Translations
  type?: string
  placeholder?: string
  /** `placeholder` per page language. */
  placeholders?: Translations
  autocomplete?: string
  required?: boolean
  [attribute: string]: unknown
}
