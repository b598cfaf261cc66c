// @auth/express/providers/github, as @gatehousejs/express/providers/github: the engine's provider.
export * from "@gatehousejs/core/providers/github"
export { default } from "@gatehousejs/core/providers/github"
