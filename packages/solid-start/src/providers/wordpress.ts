// @auth/solid-start/providers/wordpress, as @gatehousejs/solid-start/providers/wordpress: the engine's provider.
export * from "@gatehousejs/core/providers/wordpress"
export { default } from "@gatehousejs/core/providers/wordpress"
