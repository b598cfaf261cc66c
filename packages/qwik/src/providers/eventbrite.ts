// @auth/qwik/providers/eventbrite, as @gatehousejs/qwik/providers/eventbrite: the engine's provider.
export * from "@gatehousejs/core/providers/eventbrite"
export { default } from "@gatehousejs/core/providers/eventbrite"
