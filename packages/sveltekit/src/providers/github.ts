// @auth/sveltekit/providers/github, as @gatehousejs/sveltekit/providers/github: the engine's provider.
export * from "@gatehousejs/core/providers/github"
export { default } from "@gatehousejs/core/providers/github"
