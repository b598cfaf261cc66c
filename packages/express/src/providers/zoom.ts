// @auth/express/providers/zoom, as @gatehousejs/express/providers/zoom: the engine's provider.
export * from "@gatehousejs/core/providers/zoom"
export { default } from "@gatehousejs/core/providers/zoom"
