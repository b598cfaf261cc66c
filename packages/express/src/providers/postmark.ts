// @auth/express/providers/postmark, as @gatehousejs/express/providers/postmark: the engine's provider.
export * from "@gatehousejs/core/providers/postmark"
export { default } from "@gatehousejs/core/providers/postmark"
