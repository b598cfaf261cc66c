// next-auth/providers/dribbble, as @gatehousejs/next/providers/dribbble: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/dribbble"
export { default } from "@gatehousejs/core/providers/dribbble"
