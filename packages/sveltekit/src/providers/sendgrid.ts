// @auth/sveltekit/providers/sendgrid, as @gatehousejs/sveltekit/providers/sendgrid: the engine's provider.
export * from "@gatehousejs/core/providers/sendgrid"
export { default } from "@gatehousejs/core/providers/sendgrid"
