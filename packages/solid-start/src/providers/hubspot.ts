// @auth/solid-start/providers/hubspot, as @gatehousejs/solid-start/providers/hubspot: the engine's provider.
export * from "@gatehousejs/core/providers/hubspot"
export { default } from "@gatehousejs/core/providers/hubspot"
