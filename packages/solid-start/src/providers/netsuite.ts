// @auth/solid-start/providers/netsuite, as @gatehousejs/solid-start/providers/netsuite: the engine's provider.
export * from "@gatehousejs/core/providers/netsuite"
export { default } from "@gatehousejs/core/providers/netsuite"
