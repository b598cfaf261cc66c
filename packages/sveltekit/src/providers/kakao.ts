// @auth/sveltekit/providers/kakao, as @gatehousejs/sveltekit/providers/kakao: the engine's provider.
export * from "@gatehousejs/core/providers/kakao"
export { default } from "@gatehousejs/core/providers/kakao"
