// @auth/solid-start/providers/eveonline, as @gatehousejs/solid-start/providers/eveonline: the engine's provider.
export * from "@gatehousejs/core/providers/eveonline"
export { default } from "@gatehousejs/core/providers/eveonline"
