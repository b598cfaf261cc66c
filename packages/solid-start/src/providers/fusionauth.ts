// @auth/solid-start/providers/fusionauth, as @gatehousejs/solid-start/providers/fusionauth: the engine's provider.
export * from "@gatehousejs/core/providers/fusionauth"
export { default } from "@gatehousejs/core/providers/fusionauth"
