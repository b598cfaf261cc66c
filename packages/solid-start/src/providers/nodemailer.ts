// @auth/solid-start/providers/nodemailer, as @gatehousejs/solid-start/providers/nodemailer: the engine's provider.
export * from "@gatehousejs/core/providers/nodemailer"
export { default } from "@gatehousejs/core/providers/nodemailer"
