// @auth/sveltekit/providers/foursquare, as @gatehousejs/sveltekit/providers/foursquare: the engine's provider.
export * from "@gatehousejs/core/providers/foursquare"
export { default } from "@gatehousejs/core/providers/foursquare"
