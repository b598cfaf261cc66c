// @auth/solid-start/providers/facebook, as @gatehousejs/solid-start/providers/facebook: the engine's provider.
export * from "@gatehousejs/core/providers/facebook"
export { default } from "@gatehousejs/core/providers/facebook"
