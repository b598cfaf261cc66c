// @auth/qwik/providers/netsuite, as @gatehousejs/qwik/providers/netsuite: the engine's provider.
export * from "@gatehousejs/core/providers/netsuite"
export { default } from "@gatehousejs/core/providers/netsuite"
