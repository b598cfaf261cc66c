// @auth/sveltekit/providers/twitch, as @gatehousejs/sveltekit/providers/twitch: the engine's provider.
export * from "@gatehousejs/core/providers/twitch"
export { default } from "@gatehousejs/core/providers/twitch"
