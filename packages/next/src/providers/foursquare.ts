// next-auth/providers/foursquare, as @gatehousejs/next/providers/foursquare: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/foursquare"
export { default } from "@gatehousejs/core/providers/foursquare"
