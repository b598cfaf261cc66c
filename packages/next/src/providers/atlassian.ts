// next-auth/providers/atlassian, as @gatehousejs/next/providers/atlassian: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/atlassian"
export { default } from "@gatehousejs/core/providers/atlassian"
