// @auth/solid-start/providers/resend, as @gatehousejs/solid-start/providers/resend: the engine's provider.
export * from "@gatehousejs/core/providers/resend"
export { default } from "@gatehousejs/core/providers/resend"
