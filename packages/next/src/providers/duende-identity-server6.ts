// next-auth/providers/duende-identity-server6, as @gatehousejs/next/providers/duende-identity-server6: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/duende-identity-server6"
export { default } from "@gatehousejs/core/providers/duende-identity-server6"
