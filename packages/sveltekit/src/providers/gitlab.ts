// @auth/sveltekit/providers/gitlab, as @gatehousejs/sveltekit/providers/gitlab: the engine's provider.
export * from "@gatehousejs/core/providers/gitlab"
export { default } from "@gatehousejs/core/providers/gitlab"
