// @auth/qwik/providers/naver, as @gatehousejs/qwik/providers/naver: the engine's provider.
export * from "@gatehousejs/core/providers/naver"
export { default } from "@gatehousejs/core/providers/naver"
