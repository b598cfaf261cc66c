// @auth/solid-start/providers/bitbucket, as @gatehousejs/solid-start/providers/bitbucket: the engine's provider.
export * from "@gatehousejs/core/providers/bitbucket"
export { default } from "@gatehousejs/core/providers/bitbucket"
