/**
 * `@gatehousejs/solid-start/adapters`, as `@auth/solid-start/adapters`: the adapter types (`Adapter`, `AdapterUser`,
 * `AdapterAccount`, `AdapterSession`, `VerificationToken`, `AdapterAuthenticator`), the engine's own interfaces.
 */
export type * from "@gatehousejs/core/adapters"
