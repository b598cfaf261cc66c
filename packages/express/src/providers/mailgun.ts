// @auth/express/providers/mailgun, as @gatehousejs/express/providers/mailgun: the engine's provider.
export * from "@gatehousejs/core/providers/mailgun"
export { default } from "@gatehousejs/core/providers/mailgun"
