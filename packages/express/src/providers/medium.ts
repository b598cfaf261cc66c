// @auth/express/providers/medium, as @gatehousejs/express/providers/medium: the engine's provider.
export * from "@gatehousejs/core/providers/medium"
export { default } from "@gatehousejs/core/providers/medium"
