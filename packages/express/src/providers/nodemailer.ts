// @auth/express/providers/nodemailer, as @gatehousejs/express/providers/nodemailer: the engine's provider.
export * from "@gatehousejs/core/providers/nodemailer"
export { default } from "@gatehousejs/core/providers/nodemailer"
