// @auth/qwik/providers/bitbucket, as @gatehousejs/qwik/providers/bitbucket: the engine's provider.
export * from "@gatehousejs/core/providers/bitbucket"
export { default } from "@gatehousejs/core/providers/bitbucket"
