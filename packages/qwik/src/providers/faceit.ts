// @auth/qwik/providers/faceit, as @gatehousejs/qwik/providers/faceit: the engine's provider.
export * from "@gatehousejs/core/providers/faceit"
export { default } from "@gatehousejs/core/providers/faceit"
