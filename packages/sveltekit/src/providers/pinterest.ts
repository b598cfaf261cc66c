// @auth/sveltekit/providers/pinterest, as @gatehousejs/sveltekit/providers/pinterest: the engine's provider.
export * from "@gatehousejs/core/providers/pinterest"
export { default } from "@gatehousejs/core/providers/pinterest"
