// @auth/qwik/providers/zoho, as @gatehousejs/qwik/providers/zoho: the engine's provider.
export * from "@gatehousejs/core/providers/zoho"
export { default } from "@gatehousejs/core/providers/zoho"
