// @auth/qwik/providers/mailchimp, as @gatehousejs/qwik/providers/mailchimp: the engine's provider.
export * from "@gatehousejs/core/providers/mailchimp"
export { default } from "@gatehousejs/core/providers/mailchimp"
