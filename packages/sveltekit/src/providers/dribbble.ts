// @auth/sveltekit/providers/dribbble, as @gatehousejs/sveltekit/providers/dribbble: the engine's provider.
export * from "@gatehousejs/core/providers/dribbble"
export { default } from "@gatehousejs/core/providers/dribbble"
