// @auth/express/providers/azure-ad, as @gatehousejs/express/providers/azure-ad: the engine's provider.
export * from "@gatehousejs/core/providers/azure-ad"
export { default } from "@gatehousejs/core/providers/azure-ad"
