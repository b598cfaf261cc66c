// @auth/qwik/providers/hubspot, as @gatehousejs/qwik/providers/hubspot: the engine's provider.
export * from "@gatehousejs/core/providers/hubspot"
export { default } from "@gatehousejs/core/providers/hubspot"
