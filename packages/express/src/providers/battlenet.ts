// @auth/express/providers/battlenet, as @gatehousejs/express/providers/battlenet: the engine's provider.
export * from "@gatehousejs/core/providers/battlenet"
export { default } from "@gatehousejs/core/providers/battlenet"
