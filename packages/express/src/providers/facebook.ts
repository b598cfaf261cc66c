// @auth/express/providers/facebook, as @gatehousejs/express/providers/facebook: the engine's provider.
export * from "@gatehousejs/core/providers/facebook"
export { default } from "@gatehousejs/core/providers/facebook"
