// @auth/solid-start/providers/eventbrite, as @gatehousejs/solid-start/providers/eventbrite: the engine's provider.
export * from "@gatehousejs/core/providers/eventbrite"
export { default } from "@gatehousejs/core/providers/eventbrite"
