// next-auth/providers/nextcloud, as @gatehousejs/next/providers/nextcloud: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/nextcloud"
export { default } from "@gatehousejs/core/providers/nextcloud"
