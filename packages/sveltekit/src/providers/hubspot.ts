// @auth/sveltekit/providers/hubspot, as @gatehousejs/sveltekit/providers/hubspot: the engine's provider.
export * from "@gatehousejs/core/providers/hubspot"
export { default } from "@gatehousejs/core/providers/hubspot"
