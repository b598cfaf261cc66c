// next-auth/providers/faceit, as @gatehousejs/next/providers/faceit: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/faceit"
export { default } from "@gatehousejs/core/providers/faceit"
