// @auth/sveltekit/providers/resend, as @gatehousejs/sveltekit/providers/resend: the engine's provider.
export * from "@gatehousejs/core/providers/resend"
export { default } from "@gatehousejs/core/providers/resend"
