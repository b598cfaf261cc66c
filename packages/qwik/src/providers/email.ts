// @auth/qwik/providers/email, as @gatehousejs/qwik/providers/email: the engine's provider.
export * from "@gatehousejs/core/providers/email"
export { default } from "@gatehousejs/core/providers/email"
