// @auth/express/providers/spotify, as @gatehousejs/express/providers/spotify: the engine's provider.
export * from "@gatehousejs/core/providers/spotify"
export { default } from "@gatehousejs/core/providers/spotify"
