// @auth/sveltekit/providers/strava, as @gatehousejs/sveltekit/providers/strava: the engine's provider.
export * from "@gatehousejs/core/providers/strava"
export { default } from "@gatehousejs/core/providers/strava"
