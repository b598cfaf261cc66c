// @auth/express/providers/atlassian, as @gatehousejs/express/providers/atlassian: the engine's provider.
export * from "@gatehousejs/core/providers/atlassian"
export { default } from "@gatehousejs/core/providers/atlassian"
