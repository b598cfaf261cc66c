// @auth/express/providers/strava, as @gatehousejs/express/providers/strava: the engine's provider.
export * from "@gatehousejs/core/providers/strava"
export { default } from "@gatehousejs/core/providers/strava"
