// @auth/solid-start/providers/twitch, as @gatehousejs/solid-start/providers/twitch: the engine's provider.
export * from "@gatehousejs/core/providers/twitch"
export { default } from "@gatehousejs/core/providers/twitch"
