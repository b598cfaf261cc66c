// @auth/sveltekit/providers/naver, as @gatehousejs/sveltekit/providers/naver: the engine's provider.
export * from "@gatehousejs/core/providers/naver"
export { default } from "@gatehousejs/core/providers/naver"
