// @auth/sveltekit/providers/cognito, as @gatehousejs/sveltekit/providers/cognito: the engine's provider.
export * from "@gatehousejs/core/providers/cognito"
export { default } from "@gatehousejs/core/providers/cognito"
