// @auth/qwik/providers/github, as @gatehousejs/qwik/providers/github: the engine's provider.
export * from "@gatehousejs/core/providers/github"
export { default } from "@gatehousejs/core/providers/github"
