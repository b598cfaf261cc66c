// @auth/sveltekit/providers/instagram, as @gatehousejs/sveltekit/providers/instagram: the engine's provider.
export * from "@gatehousejs/core/providers/instagram"
export { default } from "@gatehousejs/core/providers/instagram"
