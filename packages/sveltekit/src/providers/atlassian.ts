// @auth/sveltekit/providers/atlassian, as @gatehousejs/sveltekit/providers/atlassian: the engine's provider.
export * from "@gatehousejs/core/providers/atlassian"
export { default } from "@gatehousejs/core/providers/atlassian"
