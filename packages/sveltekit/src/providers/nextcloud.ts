// @auth/sveltekit/providers/nextcloud, as @gatehousejs/sveltekit/providers/nextcloud: the engine's provider.
export * from "@gatehousejs/core/providers/nextcloud"
export { default } from "@gatehousejs/core/providers/nextcloud"
