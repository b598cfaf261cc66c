// @auth/sveltekit/providers/trakt, as @gatehousejs/sveltekit/providers/trakt: the engine's provider.
export * from "@gatehousejs/core/providers/trakt"
export { default } from "@gatehousejs/core/providers/trakt"
