// @auth/qwik/providers/medium, as @gatehousejs/qwik/providers/medium: the engine's provider.
export * from "@gatehousejs/core/providers/medium"
export { default } from "@gatehousejs/core/providers/medium"
