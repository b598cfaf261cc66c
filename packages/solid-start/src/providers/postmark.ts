// @auth/solid-start/providers/postmark, as @gatehousejs/solid-start/providers/postmark: the engine's provider.
export * from "@gatehousejs/core/providers/postmark"
export { default } from "@gatehousejs/core/providers/postmark"
