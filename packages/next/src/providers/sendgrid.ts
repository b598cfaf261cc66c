// next-auth/providers/sendgrid, as @gatehousejs/next/providers/sendgrid: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/sendgrid"
export { default } from "@gatehousejs/core/providers/sendgrid"
