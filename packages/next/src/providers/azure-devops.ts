// next-auth/providers/azure-devops, as @gatehousejs/next/providers/azure-devops: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/azure-devops"
export { default } from "@gatehousejs/core/providers/azure-devops"
