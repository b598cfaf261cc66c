// @auth/solid-start/providers/spotify, as @gatehousejs/solid-start/providers/spotify: the engine's provider.
export * from "@gatehousejs/core/providers/spotify"
export { default } from "@gatehousejs/core/providers/spotify"
