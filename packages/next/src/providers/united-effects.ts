// next-auth/providers/united-effects, as @gatehousejs/next/providers/united-effects: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/united-effects"
export { default } from "@gatehousejs/core/providers/united-effects"
