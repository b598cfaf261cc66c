// next-auth/providers/asgardeo, as @gatehousejs/next/providers/asgardeo: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/asgardeo"
export { default } from "@gatehousejs/core/providers/asgardeo"
