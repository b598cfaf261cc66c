// @auth/sveltekit/providers/mailgun, as @gatehousejs/sveltekit/providers/mailgun: the engine's provider.
export * from "@gatehousejs/core/providers/mailgun"
export { default } from "@gatehousejs/core/providers/mailgun"
