// @auth/qwik/providers/battlenet, as @gatehousejs/qwik/providers/battlenet: the engine's provider.
export * from "@gatehousejs/core/providers/battlenet"
export { default } from "@gatehousejs/core/providers/battlenet"
