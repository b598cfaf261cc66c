// @auth/sveltekit/providers/spotify, as @gatehousejs/sveltekit/providers/spotify: the engine's provider.
export * from "@gatehousejs/core/providers/spotify"
export { default } from "@gatehousejs/core/providers/spotify"
