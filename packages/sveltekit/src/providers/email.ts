// @auth/sveltekit/providers/email, as @gatehousejs/sveltekit/providers/email: the engine's provider.
export * from "@gatehousejs/core/providers/email"
export { default } from "@gatehousejs/core/providers/email"
