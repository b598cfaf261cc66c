// @auth/sveltekit/providers/wikimedia, as @gatehousejs/sveltekit/providers/wikimedia: the engine's provider.
export * from "@gatehousejs/core/providers/wikimedia"
export { default } from "@gatehousejs/core/providers/wikimedia"
