// next-auth/providers/salesforce, as @gatehousejs/next/providers/salesforce: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/salesforce"
export { default } from "@gatehousejs/core/providers/salesforce"
