// next-auth/providers/beyondidentity, as @gatehousejs/next/providers/beyondidentity: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/beyondidentity"
export { default } from "@gatehousejs/core/providers/beyondidentity"
