// @auth/qwik/providers/kakao, as @gatehousejs/qwik/providers/kakao: the engine's provider.
export * from "@gatehousejs/core/providers/kakao"
export { default } from "@gatehousejs/core/providers/kakao"
