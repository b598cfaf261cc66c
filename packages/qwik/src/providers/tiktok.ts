// @auth/qwik/providers/tiktok, as @gatehousejs/qwik/providers/tiktok: the engine's provider.
export * from "@gatehousejs/core/providers/tiktok"
export { default } from "@gatehousejs/core/providers/tiktok"
