// next-auth/providers/mailchimp, as @gatehousejs/next/providers/mailchimp: the engine's provider (README: "Imports").
export * from "@gatehousejs/core/providers/mailchimp"
export { default } from "@gatehousejs/core/providers/mailchimp"
