// next-auth/providers/eventbrite, as @gatehousejs/next/providers/eventbrite: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/eventbrite"
export { default } from "@gatehousejs/core/providers/eventbrite"
