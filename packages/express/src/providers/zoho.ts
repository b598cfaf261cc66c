// @auth/express/providers/zoho, as @gatehousejs/express/providers/zoho: the engine's provider.
export * from "@gatehousejs/core/providers/zoho"
export { default } from "@gatehousejs/core/providers/zoho"
