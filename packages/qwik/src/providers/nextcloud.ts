// @auth/qwik/providers/nextcloud, as @gatehousejs/qwik/providers/nextcloud: the engine's provider.
export * from "@gatehousejs/core/providers/nextcloud"
export { default } from "@gatehousejs/core/providers/nextcloud"
