// @auth/express/providers/gitlab, as @gatehousejs/express/providers/gitlab: the engine's provider.
export * from "@gatehousejs/core/providers/gitlab"
export { default } from "@gatehousejs/core/providers/gitlab"
