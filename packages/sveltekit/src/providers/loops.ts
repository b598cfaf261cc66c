// @auth/sveltekit/providers/loops, as @gatehousejs/sveltekit/providers/loops: the engine's provider.
export * from "@gatehousejs/core/providers/loops"
export { default } from "@gatehousejs/core/providers/loops"
