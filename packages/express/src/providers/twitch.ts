// @auth/express/providers/twitch, as @gatehousejs/express/providers/twitch: the engine's provider.
export * from "@gatehousejs/core/providers/twitch"
export { default } from "@gatehousejs/core/providers/twitch"
