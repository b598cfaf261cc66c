// @auth/sveltekit/providers/google, as @gatehousejs/sveltekit/providers/google: the engine's provider.
export * from "@gatehousejs/core/providers/google"
export { default } from "@gatehousejs/core/providers/google"
