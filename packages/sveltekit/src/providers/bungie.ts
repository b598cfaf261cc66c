// @auth/sveltekit/providers/bungie, as @gatehousejs/sveltekit/providers/bungie: the engine's provider.
export * from "@gatehousejs/core/providers/bungie"
export { default } from "@gatehousejs/core/providers/bungie"
