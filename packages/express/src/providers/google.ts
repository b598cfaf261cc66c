// @auth/express/providers/google, as @gatehousejs/express/providers/google: the engine's provider.
export * from "@gatehousejs/core/providers/google"
export { default } from "@gatehousejs/core/providers/google"
