/** Whether a provider is `Password()`'s: small, so that hooks elsewhere can ask without loading the feature. */
import { passwordOptionsKey, type PasswordConfig } from "../providers/password.js"

export function isPasswordProvider(provider: unknown): provider is PasswordConfig {
  return typeof provider === "object" && provider !== null && passwordOptionsKey in provider
}
