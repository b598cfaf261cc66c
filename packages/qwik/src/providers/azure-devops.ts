// @auth/qwik/providers/azure-devops, as @gatehousejs/qwik/providers/azure-devops: the engine's provider.
export * from "@gatehousejs/core/providers/azure-devops"
export { default } from "@gatehousejs/core/providers/azure-devops"
