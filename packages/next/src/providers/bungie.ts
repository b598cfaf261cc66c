// next-auth/providers/bungie, as @gatehousejs/next/providers/bungie: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/bungie"
export { default } from "@gatehousejs/core/providers/bungie"
