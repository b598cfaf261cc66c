// @auth/qwik/providers/cognito, as @gatehousejs/qwik/providers/cognito: the engine's provider.
export * from "@gatehousejs/core/providers/cognito"
export { default } from "@gatehousejs/core/providers/cognito"
