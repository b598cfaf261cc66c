// @auth/qwik/providers/fusionauth, as @gatehousejs/qwik/providers/fusionauth: the engine's provider.
export * from "@gatehousejs/core/providers/fusionauth"
export { default } from "@gatehousejs/core/providers/fusionauth"
