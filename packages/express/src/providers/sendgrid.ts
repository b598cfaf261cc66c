// @auth/express/providers/sendgrid, as @gatehousejs/express/providers/sendgrid: the engine's provider.
export * from "@gatehousejs/core/providers/sendgrid"
export { default } from "@gatehousejs/core/providers/sendgrid"
