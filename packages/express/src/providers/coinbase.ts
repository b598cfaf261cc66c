// @auth/express/providers/coinbase, as @gatehousejs/express/providers/coinbase: the engine's provider.
export * from "@gatehousejs/core/providers/coinbase"
export { default } from "@gatehousejs/core/providers/coinbase"
