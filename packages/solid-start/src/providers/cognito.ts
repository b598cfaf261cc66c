// @auth/solid-start/providers/cognito, as @gatehousejs/solid-start/providers/cognito: the engine's provider.
export * from "@gatehousejs/core/providers/cognito"
export { default } from "@gatehousejs/core/providers/cognito"
