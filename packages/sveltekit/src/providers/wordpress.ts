// @auth/sveltekit/providers/wordpress, as @gatehousejs/sveltekit/providers/wordpress: the engine's provider.
export * from "@gatehousejs/core/providers/wordpress"
export { default } from "@gatehousejs/core/providers/wordpress"
