// @auth/sveltekit/providers/beyondidentity, as @gatehousejs/sveltekit/providers/beyondidentity: the engine's provider.
export * from "@gatehousejs/core/providers/beyondidentity"
export { default } from "@gatehousejs/core/providers/beyondidentity"
