// @auth/solid-start/providers/faceit, as @gatehousejs/solid-start/providers/faceit: the engine's provider.
export * from "@gatehousejs/core/providers/faceit"
export { default } from "@gatehousejs/core/providers/faceit"
