/** Whether a provider is `Password()`'s: small, so that hooks elsewhere can ask without loading the feature. */
import type { PasswordConfig } from "../providers/password.js"

/** Where a provider keeps its `Password` options: what tells the engine that its sign-in is built in. */
export const passwordOptionsKey: unique symbol = Symbol.for("gatehouse.password")

export function isPasswordProvider(provider: unknown): provider is PasswordConfig {
  return typeof provider === "object" && provider !== null && passwordOptionsKey in provider
}
