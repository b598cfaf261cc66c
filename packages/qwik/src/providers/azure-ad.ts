// @auth/qwik/providers/azure-ad, as @gatehousejs/qwik/providers/azure-ad: the engine's provider.
export * from "@gatehousejs/core/providers/azure-ad"
export { default } from "@gatehousejs/core/providers/azure-ad"
