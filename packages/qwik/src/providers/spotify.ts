// @auth/qwik/providers/spotify, as @gatehousejs/qwik/providers/spotify: the engine's provider.
export * from "@gatehousejs/core/providers/spotify"
export { default } from "@gatehousejs/core/providers/spotify"
