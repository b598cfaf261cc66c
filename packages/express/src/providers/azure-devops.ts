// @auth/express/providers/azure-devops, as @gatehousejs/express/providers/azure-devops: the engine's provider.
export * from "@gatehousejs/core/providers/azure-devops"
export { default } from "@gatehousejs/core/providers/azure-devops"
