// @auth/express/providers/nextcloud, as @gatehousejs/express/providers/nextcloud: the engine's provider.
export * from "@gatehousejs/core/providers/nextcloud"
export { default } from "@gatehousejs/core/providers/nextcloud"
