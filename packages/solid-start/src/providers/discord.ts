// @auth/solid-start/providers/discord, as @gatehousejs/solid-start/providers/discord: the engine's provider.
export * from "@gatehousejs/core/providers/discord"
export { default } from "@gatehousejs/core/providers/discord"
