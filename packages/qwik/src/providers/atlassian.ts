// @auth/qwik/providers/atlassian, as @gatehousejs/qwik/providers/atlassian: the engine's provider.
export * from "@gatehousejs/core/providers/atlassian"
export { default } from "@gatehousejs/core/providers/atlassian"
