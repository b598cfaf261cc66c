// next-auth/providers/mailgun, as @gatehousejs/next/providers/mailgun: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/mailgun"
export { default } from "@gatehousejs/core/providers/mailgun"
