// @auth/sveltekit/providers/fusionauth, as @gatehousejs/sveltekit/providers/fusionauth: the engine's provider.
export * from "@gatehousejs/core/providers/fusionauth"
export { default } from "@gatehousejs/core/providers/fusionauth"
