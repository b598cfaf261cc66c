// @auth/solid-start/providers/atlassian, as @gatehousejs/solid-start/providers/atlassian: the engine's provider.
export * from "@gatehousejs/core/providers/atlassian"
export { default } from "@gatehousejs/core/providers/atlassian"
