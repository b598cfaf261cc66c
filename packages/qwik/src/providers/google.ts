// @auth/qwik/providers/google, as @gatehousejs/qwik/providers/google: the engine's provider.
export * from "@gatehousejs/core/providers/google"
export { default } from "@gatehousejs/core/providers/google"
