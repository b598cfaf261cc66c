// next-auth/providers/cognito, as @gatehousejs/next/providers/cognito: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/cognito"
export { default } from "@gatehousejs/core/providers/cognito"
