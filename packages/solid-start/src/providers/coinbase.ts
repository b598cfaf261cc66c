// @auth/solid-start/providers/coinbase, as @gatehousejs/solid-start/providers/coinbase: the engine's provider.
export * from "@gatehousejs/core/providers/coinbase"
export { default } from "@gatehousejs/core/providers/coinbase"
