// next-auth/providers/passage, as @gatehousejs/next/providers/passage: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/passage"
export { default } from "@gatehousejs/core/providers/passage"
