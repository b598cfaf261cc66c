// @auth/express/providers/wordpress, as @gatehousejs/express/providers/wordpress: the engine's provider.
export * from "@gatehousejs/core/providers/wordpress"
export { default } from "@gatehousejs/core/providers/wordpress"
