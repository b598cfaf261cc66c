// next-auth/providers/google, as @gatehousejs/next/providers/google: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/google"
export { default } from "@gatehousejs/core/providers/google"
