// @auth/solid-start/providers/twitter, as @gatehousejs/solid-start/providers/twitter: the engine's provider.
export * from "@gatehousejs/core/providers/twitter"
export { default } from "@gatehousejs/core/providers/twitter"
