// @auth/express/providers/discord, as @gatehousejs/express/providers/discord: the engine's provider.
export * from "@gatehousejs/core/providers/discord"
export { default } from "@gatehousejs/core/providers/discord"
