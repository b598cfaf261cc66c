// @auth/qwik/providers/discord, as @gatehousejs/qwik/providers/discord: the engine's provider.
export * from "@gatehousejs/core/providers/discord"
export { default } from "@gatehousejs/core/providers/discord"
