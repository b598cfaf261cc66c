// next-auth/providers/workos, as @gatehousejs/next/providers/workos: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/workos"
export { default } from "@gatehousejs/core/providers/workos"
