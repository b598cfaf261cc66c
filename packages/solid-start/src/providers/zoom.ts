// @auth/solid-start/providers/zoom, as @gatehousejs/solid-start/providers/zoom: the engine's provider.
export * from "@gatehousejs/core/providers/zoom"
export { default } from "@gatehousejs/core/providers/zoom"
