// @auth/qwik/providers/foursquare, as @gatehousejs/qwik/providers/foursquare: the engine's provider.
export * from "@gatehousejs/core/providers/foursquare"
export { default } from "@gatehousejs/core/providers/foursquare"
