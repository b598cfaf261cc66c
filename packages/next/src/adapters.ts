/**
 * `@gatehousejs/next/adapters`, as `next-auth/adapters`: the adapter types (`Adapter`, `AdapterUser`, `AdapterAccount`,
 * `AdapterSession`, `VerificationToken`, `AdapterAuthenticator`), the engine's own interfaces — so
 * `declare module "@gatehousejs/next/adapters" { interface AdapterUser { … } }` augments what the engine uses.
 */
export type * from "@gatehousejs/core/adapters"
