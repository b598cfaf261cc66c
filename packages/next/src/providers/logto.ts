// next-auth/providers/logto, as @gatehousejs/next/providers/logto: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/logto"
export { default } from "@gatehousejs/core/providers/logto"
