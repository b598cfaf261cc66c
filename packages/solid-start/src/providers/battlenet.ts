// @auth/solid-start/providers/battlenet, as @gatehousejs/solid-start/providers/battlenet: the engine's provider.
export * from "@gatehousejs/core/providers/battlenet"
export { default } from "@gatehousejs/core/providers/battlenet"
