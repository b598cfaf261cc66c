// @auth/qwik/providers/zoom, as @gatehousejs/qwik/providers/zoom: the engine's provider.
export * from "@gatehousejs/core/providers/zoom"
export { default } from "@gatehousejs/core/providers/zoom"
