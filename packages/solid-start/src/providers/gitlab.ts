// @auth/solid-start/providers/gitlab, as @gatehousejs/solid-start/providers/gitlab: the engine's provider.
export * from "@gatehousejs/core/providers/gitlab"
export { default } from "@gatehousejs/core/providers/gitlab"
