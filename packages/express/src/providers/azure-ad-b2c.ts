// @auth/express/providers/azure-ad-b2c, as @gatehousejs/express/providers/azure-ad-b2c: the engine's provider.
export * from "@gatehousejs/core/providers/azure-ad-b2c"
export { default } from "@gatehousejs/core/providers/azure-ad-b2c"
