// @auth/solid-start/providers/medium, as @gatehousejs/solid-start/providers/medium: the engine's provider.
export * from "@gatehousejs/core/providers/medium"
export { default } from "@gatehousejs/core/providers/medium"
