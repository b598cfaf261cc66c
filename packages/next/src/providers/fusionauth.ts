// next-auth/providers/fusionauth, as @gatehousejs/next/providers/fusionauth: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/fusionauth"
export { default } from "@gatehousejs/core/providers/fusionauth"
