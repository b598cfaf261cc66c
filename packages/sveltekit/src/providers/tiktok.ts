// @auth/sveltekit/providers/tiktok, as @gatehousejs/sveltekit/providers/tiktok: the engine's provider.
export * from "@gatehousejs/core/providers/tiktok"
export { default } from "@gatehousejs/core/providers/tiktok"
