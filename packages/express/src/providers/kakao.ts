// @auth/express/providers/kakao, as @gatehousejs/express/providers/kakao: the engine's provider.
export * from "@gatehousejs/core/providers/kakao"
export { default } from "@gatehousejs/core/providers/kakao"
