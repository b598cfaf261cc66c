// @auth/solid-start/providers/google, as @gatehousejs/solid-start/providers/google: the engine's provider.
export * from "@gatehousejs/core/providers/google"
export { default } from "@gatehousejs/core/providers/google"
