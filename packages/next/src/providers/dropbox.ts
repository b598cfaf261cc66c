// next-auth/providers/dropbox, as @gatehousejs/next/providers/dropbox: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/dropbox"
export { default } from "@gatehousejs/core/providers/dropbox"
