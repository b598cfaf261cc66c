// @auth/solid-start/providers/trakt, as @gatehousejs/solid-start/providers/trakt: the engine's provider.
export * from "@gatehousejs/core/providers/trakt"
export { default } from "@gatehousejs/core/providers/trakt"
