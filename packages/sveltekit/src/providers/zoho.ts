// @auth/sveltekit/providers/zoho, as @gatehousejs/sveltekit/providers/zoho: the engine's provider.
export * from "@gatehousejs/core/providers/zoho"
export { default } from "@gatehousejs/core/providers/zoho"
