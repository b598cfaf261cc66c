// @auth/sveltekit/providers/bitbucket, as @gatehousejs/sveltekit/providers/bitbucket: the engine's provider.
export * from "@gatehousejs/core/providers/bitbucket"
export { default } from "@gatehousejs/core/providers/bitbucket"
