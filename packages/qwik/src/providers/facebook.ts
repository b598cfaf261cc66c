// @auth/qwik/providers/facebook, as @gatehousejs/qwik/providers/facebook: the engine's provider.
export * from "@gatehousejs/core/providers/facebook"
export { default } from "@gatehousejs/core/providers/facebook"
