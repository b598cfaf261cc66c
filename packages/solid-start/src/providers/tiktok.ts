// @auth/solid-start/providers/tiktok, as @gatehousejs/solid-start/providers/tiktok: the engine's provider.
export * from "@gatehousejs/core/providers/tiktok"
export { default } from "@gatehousejs/core/providers/tiktok"
