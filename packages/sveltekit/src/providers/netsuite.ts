// @auth/sveltekit/providers/netsuite, as @gatehousejs/sveltekit/providers/netsuite: the engine's provider.
export * from "@gatehousejs/core/providers/netsuite"
export { default } from "@gatehousejs/core/providers/netsuite"
