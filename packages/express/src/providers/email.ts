// @auth/express/providers/email, as @gatehousejs/express/providers/email: the engine's provider.
export * from "@gatehousejs/core/providers/email"
export { default } from "@gatehousejs/core/providers/email"
