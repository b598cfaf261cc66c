// next-auth/providers/strava, as @gatehousejs/next/providers/strava: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/strava"
export { default } from "@gatehousejs/core/providers/strava"
