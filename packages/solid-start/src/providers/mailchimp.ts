// @auth/solid-start/providers/mailchimp, as @gatehousejs/solid-start/providers/mailchimp: the engine's provider.
export * from "@gatehousejs/core/providers/mailchimp"
export { default } from "@gatehousejs/core/providers/mailchimp"
