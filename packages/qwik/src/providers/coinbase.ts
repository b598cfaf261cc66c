// @auth/qwik/providers/coinbase, as @gatehousejs/qwik/providers/coinbase: the engine's provider.
export * from "@gatehousejs/core/providers/coinbase"
export { default } from "@gatehousejs/core/providers/coinbase"
