// @auth/sveltekit/providers/faceit, as @gatehousejs/sveltekit/providers/faceit: the engine's provider.
export * from "@gatehousejs/core/providers/faceit"
export { default } from "@gatehousejs/core/providers/faceit"
