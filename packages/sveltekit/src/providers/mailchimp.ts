// @auth/sveltekit/providers/mailchimp, as @gatehousejs/sveltekit/providers/mailchimp: the engine's provider.
export * from "@gatehousejs/core/providers/mailchimp"
export { default } from "@gatehousejs/core/providers/mailchimp"
