// next-auth/providers/42-school, as @gatehousejs/next/providers/42-school: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/42-school"
export { default } from "@gatehousejs/core/providers/42-school"
