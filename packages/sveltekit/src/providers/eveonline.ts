// @auth/sveltekit/providers/eveonline, as @gatehousejs/sveltekit/providers/eveonline: the engine's provider.
export * from "@gatehousejs/core/providers/eveonline"
export { default } from "@gatehousejs/core/providers/eveonline"
