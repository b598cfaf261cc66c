// @auth/sveltekit/providers/azure-ad, as @gatehousejs/sveltekit/providers/azure-ad: the engine's provider.
export * from "@gatehousejs/core/providers/azure-ad"
export { default } from "@gatehousejs/core/providers/azure-ad"
