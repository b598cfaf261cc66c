// @auth/qwik/providers/postmark, as @gatehousejs/qwik/providers/postmark: the engine's provider.
export * from "@gatehousejs/core/providers/postmark"
export { default } from "@gatehousejs/core/providers/postmark"
