// @auth/sveltekit/providers/logto, as @gatehousejs/sveltekit/providers/logto: the engine's provider.
export * from "@gatehousejs/core/providers/logto"
export { default } from "@gatehousejs/core/providers/logto"
