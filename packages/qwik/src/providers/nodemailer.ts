// @auth/qwik/providers/nodemailer, as @gatehousejs/qwik/providers/nodemailer: the engine's provider.
export * from "@gatehousejs/core/providers/nodemailer"
export { default } from "@gatehousejs/core/providers/nodemailer"
