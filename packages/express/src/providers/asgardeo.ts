// @auth/express/providers/asgardeo, as @gatehousejs/express/providers/asgardeo: the engine's provider.
export * from "@gatehousejs/core/providers/asgardeo"
export { default } from "@gatehousejs/core/providers/asgardeo"
