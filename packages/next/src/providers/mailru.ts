// next-auth/providers/mailru, as @gatehousejs/next/providers/mailru: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/mailru"
export { default } from "@gatehousejs/core/providers/mailru"
