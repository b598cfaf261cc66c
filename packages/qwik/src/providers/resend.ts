// @auth/qwik/providers/resend, as @gatehousejs/qwik/providers/resend: the engine's provider.
export * from "@gatehousejs/core/providers/resend"
export { default } from "@gatehousejs/core/providers/resend"
