// @auth/solid-start/providers/nextcloud, as @gatehousejs/solid-start/providers/nextcloud: the engine's provider.
export * from "@gatehousejs/core/providers/nextcloud"
export { default } from "@gatehousejs/core/providers/nextcloud"
