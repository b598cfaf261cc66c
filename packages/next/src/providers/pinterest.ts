// next-auth/providers/pinterest, as @gatehousejs/next/providers/pinterest: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/pinterest"
export { default } from "@gatehousejs/core/providers/pinterest"
