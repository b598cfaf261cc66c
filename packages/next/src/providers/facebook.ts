// next-auth/providers/facebook, as @gatehousejs/next/providers/facebook: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/facebook"
export { default } from "@gatehousejs/core/providers/facebook"
