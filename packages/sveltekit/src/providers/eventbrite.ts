// @auth/sveltekit/providers/eventbrite, as @gatehousejs/sveltekit/providers/eventbrite: the engine's provider.
export * from "@gatehousejs/core/providers/eventbrite"
export { default } from "@gatehousejs/core/providers/eventbrite"
