// @auth/express/providers/faceit, as @gatehousejs/express/providers/faceit: the engine's provider.
export * from "@gatehousejs/core/providers/faceit"
export { default } from "@gatehousejs/core/providers/faceit"
