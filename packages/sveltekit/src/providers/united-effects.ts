// @auth/sveltekit/providers/united-effects, as @gatehousejs/sveltekit/providers/united-effects: the engine's provider.
export * from "@gatehousejs/core/providers/united-effects"
export { default } from "@gatehousejs/core/providers/united-effects"
