// @auth/solid-start/providers/strava, as @gatehousejs/solid-start/providers/strava: the engine's provider.
export * from "@gatehousejs/core/providers/strava"
export { default } from "@gatehousejs/core/providers/strava"
