// @auth/sveltekit/providers/asgardeo, as @gatehousejs/sveltekit/providers/asgardeo: the engine's provider.
export * from "@gatehousejs/core/providers/asgardeo"
export { default } from "@gatehousejs/core/providers/asgardeo"
