// next-auth/providers/twitter, as @gatehousejs/next/providers/twitter: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/twitter"
export { default } from "@gatehousejs/core/providers/twitter"
