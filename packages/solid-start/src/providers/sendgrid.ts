// @auth/solid-start/providers/sendgrid, as @gatehousejs/solid-start/providers/sendgrid: the engine's provider.
export * from "@gatehousejs/core/providers/sendgrid"
export { default } from "@gatehousejs/core/providers/sendgrid"
