// next-auth/providers/kinde, as @gatehousejs/next/providers/kinde: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/kinde"
export { default } from "@gatehousejs/core/providers/kinde"
