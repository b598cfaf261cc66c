// @auth/sveltekit/providers/box, as @gatehousejs/sveltekit/providers/box: the engine's provider.
export * from "@gatehousejs/core/providers/box"
export { default } from "@gatehousejs/core/providers/box"
