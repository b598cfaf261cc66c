// next-auth/providers/azure-ad-b2c, as @gatehousejs/next/providers/azure-ad-b2c: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/azure-ad-b2c"
export { default } from "@gatehousejs/core/providers/azure-ad-b2c"
