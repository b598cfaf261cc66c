// @auth/sveltekit/providers/coinbase, as @gatehousejs/sveltekit/providers/coinbase: the engine's provider.
export * from "@gatehousejs/core/providers/coinbase"
export { default } from "@gatehousejs/core/providers/coinbase"
