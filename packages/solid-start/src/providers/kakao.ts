// @auth/solid-start/providers/kakao, as @gatehousejs/solid-start/providers/kakao: the engine's provider.
export * from "@gatehousejs/core/providers/kakao"
export { default } from "@gatehousejs/core/providers/kakao"
