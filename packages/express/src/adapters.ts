/**
 * `@gatehousejs/express/adapters`, as `@auth/express/adapters`: the adapter types (`Adapter`, `AdapterUser`,
 * `AdapterAccount`, `AdapterSession`, `VerificationToken`, `AdapterAuthenticator`), the engine's own interfaces.
 */
export type * from "@gatehousejs/core/adapters"
