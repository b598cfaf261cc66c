// @auth/express/providers/bitbucket, as @gatehousejs/express/providers/bitbucket: the engine's provider.
export * from "@gatehousejs/core/providers/bitbucket"
export { default } from "@gatehousejs/core/providers/bitbucket"
