// @auth/qwik/providers/twitch, as @gatehousejs/qwik/providers/twitch: the engine's provider.
export * from "@gatehousejs/core/providers/twitch"
export { default } from "@gatehousejs/core/providers/twitch"
