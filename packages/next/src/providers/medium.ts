// next-auth/providers/medium, as @gatehousejs/next/providers/medium: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/medium"
export { default } from "@gatehousejs/core/providers/medium"
