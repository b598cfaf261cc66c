// @auth/sveltekit/providers/postmark, as @gatehousejs/sveltekit/providers/postmark: the engine's provider.
export * from "@gatehousejs/core/providers/postmark"
export { default } from "@gatehousejs/core/providers/postmark"
