// @auth/solid-start/providers/mailgun, as @gatehousejs/solid-start/providers/mailgun: the engine's provider.
export * from "@gatehousejs/core/providers/mailgun"
export { default } from "@gatehousejs/core/providers/mailgun"
