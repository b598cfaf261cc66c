// @auth/qwik/providers/eveonline, as @gatehousejs/qwik/providers/eveonline: the engine's provider.
export * from "@gatehousejs/core/providers/eveonline"
export { default } from "@gatehousejs/core/providers/eveonline"
