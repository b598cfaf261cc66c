// @auth/qwik/providers/mailgun, as @gatehousejs/qwik/providers/mailgun: the engine's provider.
export * from "@gatehousejs/core/providers/mailgun"
export { default } from "@gatehousejs/core/providers/mailgun"
