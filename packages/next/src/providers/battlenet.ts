// next-auth/providers/battlenet, as @gatehousejs/next/providers/battlenet: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/battlenet"
export { default } from "@gatehousejs/core/providers/battlenet"
