// @auth/express/providers/fusionauth, as @gatehousejs/express/providers/fusionauth: the engine's provider.
export * from "@gatehousejs/core/providers/fusionauth"
export { default } from "@gatehousejs/core/providers/fusionauth"
