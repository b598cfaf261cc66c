// @auth/express/providers/eventbrite, as @gatehousejs/express/providers/eventbrite: the engine's provider.
export * from "@gatehousejs/core/providers/eventbrite"
export { default } from "@gatehousejs/core/providers/eventbrite"
