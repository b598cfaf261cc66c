// @auth/express/providers/netsuite, as @gatehousejs/express/providers/netsuite: the engine's provider.
export * from "@gatehousejs/core/providers/netsuite"
export { default } from "@gatehousejs/core/providers/netsuite"
