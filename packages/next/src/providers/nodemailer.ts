// next-auth/providers/nodemailer, as @gatehousejs/next/providers/nodemailer: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/nodemailer"
export { default } from "@gatehousejs/core/providers/nodemailer"
