// @auth/sveltekit/providers/battlenet, as @gatehousejs/sveltekit/providers/battlenet: the engine's provider.
export * from "@gatehousejs/core/providers/battlenet"
export { default } from "@gatehousejs/core/providers/battlenet"
