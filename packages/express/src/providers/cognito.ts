// @auth/express/providers/cognito, as @gatehousejs/express/providers/cognito: the engine's provider.
export * from "@gatehousejs/core/providers/cognito"
export { default } from "@gatehousejs/core/providers/cognito"
