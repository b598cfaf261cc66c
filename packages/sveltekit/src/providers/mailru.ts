// @auth/sveltekit/providers/mailru, as @gatehousejs/sveltekit/providers/mailru: the engine's provider.
export * from "@gatehousejs/core/providers/mailru"
export { default } from "@gatehousejs/core/providers/mailru"
