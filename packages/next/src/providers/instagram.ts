// next-auth/providers/instagram, as @gatehousejs/next/providers/instagram: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/instagram"
export { default } from "@gatehousejs/core/providers/instagram"
