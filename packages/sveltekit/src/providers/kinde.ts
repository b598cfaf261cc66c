// @auth/sveltekit/providers/kinde, as @gatehousejs/sveltekit/providers/kinde: the engine's provider.
export * from "@gatehousejs/core/providers/kinde"
export { default } from "@gatehousejs/core/providers/kinde"
