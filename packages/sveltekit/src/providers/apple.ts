// @auth/sveltekit/providers/apple, as @gatehousejs/sveltekit/providers/apple: the engine's provider.
export * from "@gatehousejs/core/providers/apple"
export { default } from "@gatehousejs/core/providers/apple"
