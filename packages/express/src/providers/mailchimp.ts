// @auth/express/providers/mailchimp, as @gatehousejs/express/providers/mailchimp: the engine's provider.
export * from "@gatehousejs/core/providers/mailchimp"
export { default } from "@gatehousejs/core/providers/mailchimp"
