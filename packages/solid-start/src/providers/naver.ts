// @auth/solid-start/providers/naver, as @gatehousejs/solid-start/providers/naver: the engine's provider.
export * from "@gatehousejs/core/providers/naver"
export { default } from "@gatehousejs/core/providers/naver"
