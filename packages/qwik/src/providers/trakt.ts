// @auth/qwik/providers/trakt, as @gatehousejs/qwik/providers/trakt: the engine's provider.
export * from "@gatehousejs/core/providers/trakt"
export { default } from "@gatehousejs/core/providers/trakt"
