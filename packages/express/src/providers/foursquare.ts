// @auth/express/providers/foursquare, as @gatehousejs/express/providers/foursquare: the engine's provider.
export * from "@gatehousejs/core/providers/foursquare"
export { default } from "@gatehousejs/core/providers/foursquare"
