// @auth/solid-start/providers/asgardeo, as @gatehousejs/solid-start/providers/asgardeo: the engine's provider.
export * from "@gatehousejs/core/providers/asgardeo"
export { default } from "@gatehousejs/core/providers/asgardeo"
