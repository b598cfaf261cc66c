// @auth/solid-start/providers/github, as @gatehousejs/solid-start/providers/github: the engine's provider.
export * from "@gatehousejs/core/providers/github"
export { default } from "@gatehousejs/core/providers/github"
