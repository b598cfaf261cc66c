// @auth/qwik/providers/wordpress, as @gatehousejs/qwik/providers/wordpress: the engine's provider.
export * from "@gatehousejs/core/providers/wordpress"
export { default } from "@gatehousejs/core/providers/wordpress"
