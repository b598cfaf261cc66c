// @auth/express/providers/hubspot, as @gatehousejs/express/providers/hubspot: the engine's provider.
export * from "@gatehousejs/core/providers/hubspot"
export { default } from "@gatehousejs/core/providers/hubspot"
