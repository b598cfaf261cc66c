// @auth/sveltekit/providers/passage, as @gatehousejs/sveltekit/providers/passage: the engine's provider.
export * from "@gatehousejs/core/providers/passage"
export { default } from "@gatehousejs/core/providers/passage"
