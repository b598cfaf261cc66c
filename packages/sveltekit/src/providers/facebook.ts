// @auth/sveltekit/providers/facebook, as @gatehousejs/sveltekit/providers/facebook: the engine's provider.
export * from "@gatehousejs/core/providers/facebook"
export { default } from "@gatehousejs/core/providers/facebook"
