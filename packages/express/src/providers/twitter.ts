// @auth/express/providers/twitter, as @gatehousejs/express/providers/twitter: the engine's provider.
export * from "@gatehousejs/core/providers/twitter"
export { default } from "@gatehousejs/core/providers/twitter"
