// @auth/qwik/providers/gitlab, as @gatehousejs/qwik/providers/gitlab: the engine's provider.
export * from "@gatehousejs/core/providers/gitlab"
export { default } from "@gatehousejs/core/providers/gitlab"
