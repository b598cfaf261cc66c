// @auth/qwik/providers/asgardeo, as @gatehousejs/qwik/providers/asgardeo: the engine's provider.
export * from "@gatehousejs/core/providers/asgardeo"
export { default } from "@gatehousejs/core/providers/asgardeo"
