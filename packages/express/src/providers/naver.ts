// @auth/express/providers/naver, as @gatehousejs/express/providers/naver: the engine's provider.
export * from "@gatehousejs/core/providers/naver"
export { default } from "@gatehousejs/core/providers/naver"
