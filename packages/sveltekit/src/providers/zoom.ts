// @auth/sveltekit/providers/zoom, as @gatehousejs/sveltekit/providers/zoom: the engine's provider.
export * from "@gatehousejs/core/providers/zoom"
export { default } from "@gatehousejs/core/providers/zoom"
