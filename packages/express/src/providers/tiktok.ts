// @auth/express/providers/tiktok, as @gatehousejs/express/providers/tiktok: the engine's provider.
export * from "@gatehousejs/core/providers/tiktok"
export { default } from "@gatehousejs/core/providers/tiktok"
