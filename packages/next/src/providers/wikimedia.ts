// next-auth/providers/wikimedia, as @gatehousejs/next/providers/wikimedia: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/wikimedia"
export { default } from "@gatehousejs/core/providers/wikimedia"
