// @auth/express/providers/resend, as @gatehousejs/express/providers/resend: the engine's provider.
export * from "@gatehousejs/core/providers/resend"
export { default } from "@gatehousejs/core/providers/resend"
