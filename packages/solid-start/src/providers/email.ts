// @auth/solid-start/providers/email, as @gatehousejs/solid-start/providers/email: the engine's provider.
export * from "@gatehousejs/core/providers/email"
export { default } from "@gatehousejs/core/providers/email"
