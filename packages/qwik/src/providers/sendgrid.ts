// @auth/qwik/providers/sendgrid, as @gatehousejs/qwik/providers/sendgrid: the engine's provider.
export * from "@gatehousejs/core/providers/sendgrid"
export { default } from "@gatehousejs/core/providers/sendgrid"
