// @auth/qwik/providers/twitter, as @gatehousejs/qwik/providers/twitter: the engine's provider.
export * from "@gatehousejs/core/providers/twitter"
export { default } from "@gatehousejs/core/providers/twitter"
