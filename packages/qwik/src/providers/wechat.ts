// @auth/qwik/providers/wechat, as @gatehousejs/qwik/providers/wechat: the engine's provider.
export * from "@gatehousejs/core/providers/wechat"
export { default } from "@gatehousejs/core/providers/wechat"
