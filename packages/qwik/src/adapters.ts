/**
 * `@gatehousejs/qwik/adapters`, as `@auth/qwik/adapters`: the adapter types (`Adapter`, `AdapterUser`,
 * `AdapterAccount`, `AdapterSession`, `VerificationToken`, `AdapterAuthenticator`), the engine's own interfaces.
 */
export type * from "@gatehousejs/core/adapters"
