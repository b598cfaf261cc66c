// @auth/sveltekit/providers/nodemailer, as @gatehousejs/sveltekit/providers/nodemailer: the engine's provider.
export * from "@gatehousejs/core/providers/nodemailer"
export { default } from "@gatehousejs/core/providers/nodemailer"
