// @auth/sveltekit/providers/medium, as @gatehousejs/sveltekit/providers/medium: the engine's provider.
export * from "@gatehousejs/core/providers/medium"
export { default } from "@gatehousejs/core/providers/medium"
