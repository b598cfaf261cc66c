// next-auth/providers/concept2, as @gatehousejs/next/providers/concept2: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/concept2"
export { default } from "@gatehousejs/core/providers/concept2"
