// @auth/express/providers/eveonline, as @gatehousejs/express/providers/eveonline: the engine's provider.
export * from "@gatehousejs/core/providers/eveonline"
export { default } from "@gatehousejs/core/providers/eveonline"
