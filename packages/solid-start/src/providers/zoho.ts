// @auth/solid-start/providers/zoho, as @gatehousejs/solid-start/providers/zoho: the engine's provider.
export * from "@gatehousejs/core/providers/zoho"
export { default } from "@gatehousejs/core/providers/zoho"
