// next-auth/providers/coinbase, as @gatehousejs/next/providers/coinbase: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/coinbase"
export { default } from "@gatehousejs/core/providers/coinbase"
