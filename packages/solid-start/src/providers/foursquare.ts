// @auth/solid-start/providers/foursquare, as @gatehousejs/solid-start/providers/foursquare: the engine's provider.
export * from "@gatehousejs/core/providers/foursquare"
export { default } from "@gatehousejs/core/providers/foursquare"
