// next-auth/providers/azure-ad, as @gatehousejs/next/providers/azure-ad: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/azure-ad"
export { default } from "@gatehousejs/core/providers/azure-ad"
