// @auth/sveltekit/providers/twitter, as @gatehousejs/sveltekit/providers/twitter: the engine's provider.
export * from "@gatehousejs/core/providers/twitter"
export { default } from "@gatehousejs/core/providers/twitter"
