// @auth/qwik/providers/strava, as @gatehousejs/qwik/providers/strava: the engine's provider.
export * from "@gatehousejs/core/providers/strava"
export { default } from "@gatehousejs/core/providers/strava"
